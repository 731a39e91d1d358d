/** The online payment's return page: it asks the server for the payment's outcome. */
export { default } from '../app/routes/reserva-pago';
