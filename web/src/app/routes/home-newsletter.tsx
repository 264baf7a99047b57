/** The home page's newsletter section (id "newsletter", reached by /#newsletter). The shop feature fills in the form. */
export function NewsletterSection() {
  return (
    <section id="newsletter" className="scroll-mt-24 bg-sun-100 py-16">
      <div className="mx-auto max-w-2xl px-4 text-center">
        <h2 className="text-3xl font-bold">Join our newsletter</h2>
        <p className="mt-3 text-lg text-muted">New stories, games and gentle reading tips, once a month.</p>
      </div>
    </section>
  )
}
