/**
 * SIRE's own country codes (Migración Colombia; issue 34), by ISO 3166-1 alpha-2, the code the
 * check-in stores as `nationality`. They are NOT ISO numeric codes (United States 249, not 840;
 * Colombia 169, not 170): docs COLOMBIA.md gives those two, and the whole table comes from the SIRE
 * catalogue a public PMS integration keeps as data (github.com/toneill57/muva-chat,
 * `_assets/sire/codigos-pais.json`, commit 679f2a7, "codigos-pais" of the SIRE portal), which agrees
 * with both. Names as that catalogue spells them. The ISO key of each name was matched by hand
 * (Intl.DisplayNames, then by eye for the 26 it spells differently).
 *
 * Left out on purpose, so a guest with them is a listed problem for the owner, never a guessed code:
 * Macedonia del Norte (the catalogue has two entries, 448 "ARY Macedonia" and 642 "República de
 * Macedonia"), Sudán del Sur, San Bartolomé, San Martín, Sint Maarten, Caribe neerlandés (only the
 * old "Antillas Neerlandesas" 44 / "Antillas Holandesas" 921) and Georgias del Sur. The catalogue's
 * non-countries (0 No aplica, 980 Interpol, 981 Naciones Unidas) are not nationalities here.
 */
export const SIRE_COUNTRY_CODES: Readonly<Record<string, number>> = {
  AD: 37, // ANDORRA
  AE: 244, // EMIRATOS ARABES UNIDOS
  AF: 13, // AFGANISTAN
  AG: 43, // ANTIGUA Y BARBUDA
  AI: 895, // ANGUILA
  AL: 17, // ALBANIA
  AM: 65, // ARMENIA
  AO: 40, // ANGOLA
  AQ: 143, // ANTARTIDA
  AR: 63, // ARGENTINA
  AS: 698, // SAMOA AMERICANA
  AT: 72, // AUSTRIA
  AU: 69, // AUSTRALIA
  AW: 67, // ARUBA
  AX: 384, // ÅLAND
  AZ: 75, // AZERBAIYAN
  BA: 99, // BOSNIA
  BB: 83, // BARBADOS
  BD: 81, // BANGLADESH
  BE: 87, // BELGICA
  BF: 113, // BURKINA FASO
  BG: 111, // BULGARIA
  BH: 80, // BAHREIN
  BI: 115, // BURUNDI
  BJ: 89, // BENIN
  BM: 90, // BERMUDAS
  BN: 108, // BRUNEI
  BO: 97, // BOLIVIA
  BR: 105, // BRASIL
  BS: 77, // BAHAMAS
  BT: 117, // BUTAN
  BV: 173, // ISLA BOUVET
  BW: 101, // BOTSWANA
  BY: 85, // BIELORRUSIA
  BZ: 88, // BELICE
  CA: 149, // CANADA
  CC: 178, // ISLAS COCOS
  CD: 177, // REPUBLICA DEMOCRATICA DEL CONGO
  CF: 998, // REPUBLICA CENTROAFRICANA
  CG: 170, // REPUBLICA DEL CONGO
  CH: 767, // SUIZA
  CI: 193, // COSTA DE MARFIL
  CK: 388, // ISLAS COOK
  CL: 211, // CHILE
  CM: 145, // CAMERUN
  CN: 215, // CHINA
  CO: 169, // COLOMBIA
  CR: 196, // COSTA RICA
  CU: 199, // CUBA
  CV: 127, // CABO VERDE
  CW: 201, // CURAZAO
  CX: 387, // ISLA DE NAVIDAD
  CY: 221, // CHIPRE
  CZ: 207, // REPUBLICA CHECA
  DE: 23, // ALEMANIA
  DJ: 920, // YIBUTI
  DK: 232, // DINAMARCA
  DM: 235, // DOMINICA
  DO: 647, // REPUBLICA DOMINICANA
  DZ: 59, // ARGELIA
  EC: 239, // ECUADOR
  EE: 251, // ESTONIA
  EG: 240, // EGIPTO
  EH: 680, // SAHARA OCCIDENTAL
  ER: 246, // ERITREA
  ES: 245, // ESPAÑA
  ET: 253, // ETIOPIA
  FI: 271, // FINLANDIA
  FJ: 255, // FIYI
  FK: 191, // ISLAS MALVINAS
  FM: 503, // MICRONESIA
  FO: 390, // ISLAS FEROE
  FR: 275, // FRANCIA
  GA: 281, // GABON
  GB: 628, // REINO UNIDO
  GD: 297, // GRANADA
  GE: 287, // GEORGIA
  GF: 340, // GUAYANA FRANCESA
  GG: 146, // GUERNSEY
  GH: 289, // GHANA
  GI: 293, // GIBRALTAR
  GL: 315, // GROENLANDIA
  GM: 285, // GAMBIA
  GN: 329, // GUINEA
  GP: 338, // GUADALUPE
  GQ: 331, // GUINEA ECUATORIAL
  GR: 301, // GRECIA
  GT: 317, // GUATEMALA
  GU: 339, // GUAM
  GW: 334, // GUINEA-BISSAU
  GY: 325, // GUYANA
  HK: 347, // HONG KONG
  HM: 186, // ISLAS HEARD Y MCDONALD
  HN: 345, // HONDURAS
  HR: 198, // CROACIA
  HT: 341, // HAITI
  HU: 355, // HUNGRIA
  ID: 365, // INDONESIA
  IE: 375, // IRLANDA
  IL: 383, // ISRAEL
  IM: 380, // ISLA DE MAN
  IN: 361, // INDIA
  IO: 779, // TERRITORIO BRITANICO DEL OCEANO INDICO
  IQ: 369, // IRAQ
  IR: 372, // IRAN
  IS: 379, // ISLANDIA
  IT: 386, // ITALIA
  JE: 160, // JERSEY
  JM: 391, // JAMAICA
  JO: 403, // JORDANIA
  JP: 399, // JAPON
  KE: 410, // KENIA
  KG: 412, // KIRGUISTAN
  KH: 141, // CAMBOYA
  KI: 411, // KIRIBATI
  KM: 171, // COMORAS
  KN: 695, // SAN CRISTOBAL Y NIEVES
  KP: 651, // COREA DEL NORTE
  KR: 190, // COREA DEL SUR
  KW: 413, // KUWAIT
  KY: 137, // ISLAS CAIMAN
  KZ: 406, // KAZAJISTAN
  LA: 420, // LAOS
  LB: 431, // LIBANO
  LC: 715, // SANTA LUCIA
  LI: 441, // LIECHTENSTEIN
  LK: 750, // SRI LANKA
  LR: 434, // LIBERIA
  LS: 426, // LESOTHO
  LT: 429, // LITUANIA
  LU: 442, // LUXEMBURGO
  LV: 428, // LETONIA
  LY: 438, // LIBIA
  MA: 474, // MARRUECOS
  MC: 496, // MONACO
  MD: 495, // MOLDAVIA
  ME: 499, // MONTENEGRO
  MG: 450, // MADAGASCAR
  MH: 475, // ISLAS MARSHALL
  ML: 464, // MALI
  MM: 507, // MYANMAR
  MN: 497, // MONGOLIA
  MO: 447, // MACAO
  MP: 392, // ISLAS MARIANAS DEL NORTE
  MQ: 490, // MARTINICA
  MR: 488, // MAURITANIA
  MS: 501, // MONTSERRAT
  MT: 467, // MALTA
  MU: 485, // MAURICIO
  MV: 461, // MALDIVAS
  MW: 458, // MALAWI
  MX: 493, // MEXICO
  MY: 455, // MALASIA
  MZ: 505, // MOZAMBIQUE
  NA: 512, // NAMIBIA
  NC: 539, // NUEVA CALEDONIA
  NE: 528, // NIGER
  NF: 163, // NORFOLK
  NG: 525, // NIGERIA
  NI: 521, // NICARAGUA
  NL: 573, // PAISES BAJOS
  NO: 538, // NORUEGA
  NP: 517, // NEPAL
  NR: 508, // NAURU
  NU: 531, // NIUE
  NZ: 540, // NUEVA ZELANDA
  OM: 542, // OMAN
  PA: 580, // PANAMA
  PE: 589, // PERU
  PF: 609, // POLINESIA FRANCESA
  PG: 582, // PAPUA NUEVA GUINEA
  PH: 267, // FILIPINAS
  PK: 576, // PAKISTAN
  PL: 603, // POLONIA
  PM: 682, // SAN PEDRO Y MIQUELON
  PN: 381, // ISLAS PITCAIRN
  PR: 611, // PUERTO RICO
  PS: 600, // PALESTINA (ANP)
  PT: 607, // PORTUGAL
  PW: 578, // PALAOS
  PY: 586, // PARAGUAY
  QA: 618, // QATAR
  RE: 650, // REUNION
  RO: 670, // RUMANIA
  RS: 729, // SERBIA
  RU: 673, // RUSIA
  RW: 675, // RWANDA
  SA: 55, // ARABIA SAUDITA
  SB: 395, // ISLAS SALOMON
  SC: 731, // SEYCHELLES
  SD: 759, // SUDAN
  SE: 764, // SUECIA
  SG: 741, // SINGAPUR
  SH: 708, // SANTA HELENA
  SI: 248, // ESLOVENIA
  SJ: 730, // SVALBARD Y JAN MAYEN
  SK: 247, // ESLOVAQUIA
  SL: 735, // SIERRA LEONA
  SM: 701, // SAN MARINO
  SN: 728, // SENEGAL
  SO: 748, // SOMALIA
  SR: 770, // SURINAM
  ST: 720, // SANTO TOME Y PRINCIPE
  SV: 242, // EL SALVADOR
  SY: 744, // SIRIA
  SZ: 773, // SWAZILANDIA
  TC: 900, // ISLAS TURCAS Y CAICOS
  TD: 151, // CHAD
  TF: 781, // TERRITORIOS AUSTRALES FRANCESES
  TG: 800, // TOGO
  TH: 776, // TAILANDIA
  TJ: 775, // TAYIKISTAN
  TK: 812, // TOKELAU
  TL: 783, // TIMOR ORIENTAL
  TM: 829, // TURKMENISTAN
  TN: 820, // TUNEZ
  TO: 810, // TONGA
  TR: 827, // TURQUIA
  TT: 815, // TRINIDAD Y TOBAGO
  TV: 828, // TUVALU
  TW: 774, // TAIWAN
  TZ: 780, // TANZANIA
  UA: 830, // UCRANIA
  UG: 833, // UGANDA
  UM: 200, // ISLAS ULTRAMARINAS DE ESTADOS UNIDOS
  US: 249, // ESTADOS UNIDOS
  UY: 845, // URUGUAY
  UZ: 847, // UZBEKISTAN
  VA: 717, // CIUDAD DEL VATICANO
  VC: 705, // SAN VICENTE Y LAS GRANADINAS
  VE: 850, // VENEZUELA
  VG: 866, // ISLAS VIRGENES BRITANICAS
  VI: 867, // ISLAS VIRGENES ESTADOUNIDENSES
  VN: 855, // VIETNAM
  VU: 849, // VANUATU
  WF: 394, // WALLIS Y FUTUNA
  WS: 699, // SAMOA
  XK: 414, // KOSOVO
  YE: 880, // YEMEN
  YT: 494, // MAYOTTE
  ZA: 756, // SUDAFRICA
  ZM: 890, // ZAMBIA
  ZW: 892, // ZIMBABUE
};

/**
 * SIRE's document types (column 3), by our document codes (schemas/registration.ts), as
 * COLOMBIA.md lists them: 3 pasaporte, 5 cédula de extranjería, 46 carné diplomático, 10
 * documento extranjero. Any other document of a foreign guest (PEP, PPT, a Colombian one) has no
 * SIRE code we can source: a listed problem.
 */
export const SIRE_DOCUMENT_CODES: Readonly<Partial<Record<string, number>>> = { PA: 3, CE: 5, CD: 46, DE: 10 };

/**
 * Places of origin and destination (columns 11 and 12): a city in Colombia by its DANE DIVIPOLA
 * code, abroad by the SIRE country code (to confirm with Migración's instructivo, COLOMBIA.md).
 * The guest types a city name, so only these common ones are coded by themselves; any other place
 * is a listed problem the owner codes in the panel (`originCode`/`destinationCode`).
 * Keys: the name without accents, upper case.
 */
export const DIVIPOLA_CITIES: Readonly<Record<string, string>> = {
  BOGOTA: '11001',
  'BOGOTA DC': '11001',
  MEDELLIN: '05001',
  CALI: '76001',
  BARRANQUILLA: '08001',
  CARTAGENA: '13001',
  'CARTAGENA DE INDIAS': '13001',
  'SANTA MARTA': '47001',
  MONTERIA: '23001',
  SINCELEJO: '70001',
  TOLU: '70820',
  'SANTIAGO DE TOLU': '70820',
  COVENAS: '70221',
  'SAN ANDRES': '88001',
  BUCARAMANGA: '68001',
  PEREIRA: '66001',
  MANIZALES: '17001',
  CUCUTA: '54001',
  VILLAVICENCIO: '50001',
  PASTO: '52001',
  RIOHACHA: '44001',
  VALLEDUPAR: '20001',
  NEIVA: '41001',
  IBAGUE: '73001',
  POPAYAN: '19001',
  TUNJA: '15001',
  LETICIA: '91001',
};
