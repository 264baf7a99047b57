import { MessageCircleQuestion } from 'lucide-react'
import { Link } from 'react-router'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useShipping, zone, type ShippingSettings } from '@/lib/shipping'
import { facts } from './facts'
import { abroadText, standardOffer, upgradesText } from './shipping-facts'

/** Ten questions parents ask most, answered with the shop's policy facts and its shipping settings. */
export function faqsOf(shipping: ShippingSettings | undefined): { q: string; a: string }[] {
  const us = zone(shipping, 'us')?.methods ?? []
  return [
  {
    q: 'What ages are your books for?',
    a: `Our books are written for children aged ${facts.ages}. Younger readers love them read aloud, and confident readers enjoy exploring on their own.`,
  },
  {
    q: 'What makes your storybooks interactive?',
    a: `At key moments the reader chooses what happens next. Every book has ${facts.storyPaths} story paths, so the adventure can end differently each time you read it.`,
  },
  {
    q: 'How long does shipping take?',
    a: `Orders are processed in ${facts.processing}. In the US, ${us.map((m) => `${m.name.toLowerCase()} shipping takes ${m.deliveryTime}`).join(', ')}. Abroad: ${abroadText(shipping)}.`,
  },
  {
    q: 'How much does shipping cost?',
    a: `${standardOffer(shipping)} If you need it faster, choose it at checkout: ${upgradesText(shipping)}. Abroad: ${abroadText(shipping)}.`,
  },
  {
    q: 'How do I track my order?',
    a: `We e-mail you a tracking number as soon as your parcel ships. Please allow ${facts.trackingActive} for the tracking link to become active.`,
  },
  {
    q: 'Can I return a book?',
    a: `Yes. Physical books can be returned within ${facts.returnDays} days of delivery. Digital purchases are non-refundable once delivered.`,
  },
  {
    q: 'My parcel arrived damaged or never arrived. What should I do?',
    a: `We are so sorry! Please contact us within ${facts.claimDays} days with your order number (and a photo if it is damaged), and we will send a replacement or a refund.`,
  },
  {
    q: 'Can my child have their own account?',
    a: `Accounts are for parents and guardians: our services are not intended for children under ${facts.minimumAge}. You can add your children to your profile so stories and games fit their age.`,
  },
  {
    q: 'What is Dream Maker?',
    a: 'Dream Maker creates a personalized bedtime story starring your child and one of our four friends: Siso, Nainni, Lizzie or FeeFee. Sign in, pick a child and up to three interests, and a new story appears.',
  },
  {
    q: 'Are the games free to play?',
    a: 'Yes! Find Hidden Objects and Spot the Differences are free for everyone with an account. They run right in your browser, with no downloads and no ads.',
  },
  ]
}

/** The questions in a single-open accordion, and a way to ask something else. */
export function Faq() {
  const faqs = faqsOf(useShipping().data)
  return (
    <div className="max-w-3xl">
      {/* The questions are h3s (Radix); this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">Questions and answers</h2>
      <Accordion type="single" collapsible className="space-y-3">
        {faqs.map((item, i) => (
          <AccordionItem key={item.q} value={`q${i + 1}`} className="transition hover:border-tiger-200 data-[state=open]:border-tiger-300 data-[state=open]:shadow-md">
            <AccordionTrigger className="text-lg">{item.q}</AccordionTrigger>
            <AccordionContent className="text-base leading-relaxed">{item.a}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>

      <section aria-labelledby="faq-more" className="mt-12 flex flex-col items-center gap-4 rounded-3xl bg-gradient-to-br from-sun-100 to-tiger-100 p-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-white text-tiger-700 shadow-sm">
          <MessageCircleQuestion className="size-7" aria-hidden="true" />
        </span>
        <h2 id="faq-more" className="text-2xl font-semibold">
          Still have questions?
        </h2>
        <p className="max-w-md text-muted">We are happy to help. Send us a message and a real person from our team will get back to you.</p>
        <Button asChild>
          <Link to={paths.contactForm}>Contact Us</Link>
        </Button>
      </section>
    </div>
  )
}
