export function NotFoundPage() {
  return (
    <section>
      <h2>Page not found</h2>
      <p className="text-muted">There is nothing at this address.</p>
    </section>
  );
}
