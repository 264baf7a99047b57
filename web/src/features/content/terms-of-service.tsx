import { BookOpen, CreditCard, FileText, Gavel, Mail, RotateCcw, Sparkles, UserCircle } from 'lucide-react'
import { Link } from 'react-router'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { facts } from './facts'
import { DotList, PolicyLayout, ProseSection } from './prose'
import { SupportEmailLink } from '@/components/support-email-link'

const sections = [
  { id: 'agreement', title: 'Agreeing to these terms' },
  { id: 'accounts', title: 'Accounts' },
  { id: 'books', title: 'Our books and stories' },
  { id: 'orders', title: 'Orders and payment' },
  { id: 'returns', title: 'Returns and refunds' },
  { id: 'use', title: 'Using the site kindly' },
  { id: 'liability', title: 'Our responsibility' },
  { id: 'contact', title: 'Contact us' },
]

/** The terms of service, in plain words. */
export function TermsOfService() {
  return (
    <PolicyLayout sections={sections}>
      <ProseSection id="agreement" title="Agreeing to these terms" icon={FileText}>
        <p>
          These terms apply whenever you visit {brand.name}, create an account, play our games or buy our books. By using the site you agree to them. If you do not
          agree, please do not use the site.
        </p>
      </ProseSection>
      <ProseSection id="accounts" title="Accounts" icon={UserCircle} tone="bg-sky-100 text-sky-700">
        <p>
          Accounts are for parents, guardians and other adults. Our services are not intended for children under {facts.minimumAge}: a grown-up should create the
          account and can then share stories and games with their children.
        </p>
        <p>Please keep your password to yourself and tell us straight away if you think someone else has used your account.</p>
      </ProseSection>
      <ProseSection id="books" title="Our books and stories" icon={BookOpen} tone="bg-leaf-100 text-leaf-700">
        <p>
          Our books are written for children aged {facts.ages}. Each interactive storybook offers {facts.storyPaths} story paths, so the adventure can end differently
          every time you read it.
        </p>
        <p>
          All stories, characters (including Siso, Nainni, Lizzie and FeeFee), illustrations and games belong to {brand.name}. You may read and enjoy them at home and in
          the classroom; please do not copy, resell or publish them without our permission.
        </p>
      </ProseSection>
      <ProseSection id="orders" title="Orders and payment" icon={CreditCard} tone="bg-sun-100 text-tiger-700">
        <DotList
          items={[
            'Prices are shown in US dollars and include any discounts at the time of your order.',
            'An order is confirmed when we send you an order confirmation e-mail.',
            <>Physical books are processed in {facts.processing} and delivered as described in our <Link to={paths.shipping} className="font-bold text-tiger-700 underline-offset-4 hover:underline">Shipping Policy</Link>.</>,
            'If a price was shown wrongly by mistake, we will contact you before processing the order.',
          ]}
        />
      </ProseSection>
      <ProseSection id="returns" title="Returns and refunds" icon={RotateCcw} tone="bg-berry-100 text-berry-700">
        <p>
          You may return physical books within {facts.returnDays} days of delivery for a refund. Digital purchases are non-refundable once delivered, because they
          cannot be given back. Lost or damaged parcels must be reported within {facts.claimDays} days.
        </p>
      </ProseSection>
      <ProseSection id="use" title="Using the site kindly" icon={Sparkles} tone="bg-grape-100 text-grape-700">
        <p>Please do not misuse the site: no attempts to break in, overload it, collect other people&rsquo;s data or upload anything harmful or unkind.</p>
      </ProseSection>
      <ProseSection id="liability" title="Our responsibility" icon={Gavel} tone="bg-tiger-100 text-tiger-700">
        <p>
          We work hard to keep the site running and accurate, but we cannot promise it will always be available or free of errors. To the extent the law allows, we
          are not responsible for indirect losses. Nothing in these terms limits your rights as a consumer. We may update these terms; the date at the top always shows
          the latest version.
        </p>
      </ProseSection>
      <ProseSection id="contact" title="Contact us" icon={Mail} tone="bg-leaf-100 text-leaf-700">
        <p>
          Questions about these terms? Write to{' '}
          <SupportEmailLink className="font-bold text-tiger-700 underline-offset-4 hover:underline" />{' '}
          or <Link to={paths.contactForm} className="font-bold text-tiger-700 underline-offset-4 hover:underline">send us a message</Link>.
        </p>
      </ProseSection>
    </PolicyLayout>
  )
}
