// Placeholder until the web admin lands: the admin work replaces this file.
export default function LoginRoute() {
  return <main id="contenido"><h1>Iniciar sesión</h1></main>;
}
