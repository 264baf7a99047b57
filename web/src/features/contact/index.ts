export { ContactForm } from './components/contact-form'
export { ContactInfo, type PostalAddress } from './components/contact-info'
