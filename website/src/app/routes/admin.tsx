// Placeholder until the web admin lands: the admin work replaces this file.
export default function AdminRoute() {
  return <main id="contenido"><h1>Panel de administración</h1></main>;
}
