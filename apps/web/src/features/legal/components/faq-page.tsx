export function FaqPage() {
  return <h1>Faq</h1>;
}
