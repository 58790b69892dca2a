export function PoliciesPage() {
  return <h1>Policies</h1>;
}
