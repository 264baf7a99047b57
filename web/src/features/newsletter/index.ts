export { NewsletterForm } from './components/newsletter-form'
export { subscribe, useSubscribe } from './api/subscribe'
