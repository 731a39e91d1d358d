/** A guest's private page: the booking and its actions (receipt, cancel, online payment) share the booking's state. */
export { default } from '../app/routes/reserva';
