const logos = [
  { src: '/payments/paypal.svg', alt: 'PayPal' },
  { src: '/payments/apple-pay.svg', alt: 'Apple Pay' },
  { src: '/payments/google-pay.svg', alt: 'Google Pay' },
]

/** The accepted payment methods, as pictures only. */
export function PaymentLogos() {
  return (
    <div className="flex flex-wrap items-center justify-center gap-2">
      {logos.map((l) => (
        <img key={l.src} src={l.src} alt={l.alt} width={72} height={24} loading="lazy" className="h-6 w-[72px]" />
      ))}
    </div>
  )
}
