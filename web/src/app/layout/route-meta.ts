import { matchPath } from 'react-router'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { pageTitle } from '@/lib/page-meta'

type Meta = { page?: string; description: string }

/**
 * Each route's <title> and meta description, in one table so no two pages
 * share them. Pages named by their data (a book, a blog post) start with
 * the fallback here and rename themselves with usePageMeta once loaded.
 */
const routeMeta: [pattern: string, meta: Meta][] = [
  [paths.home, { description: "Interactive storybooks for children aged 4-10 where the reader chooses what happens next, with Siso the Tiger and friends." }],
  [paths.books, { page: 'Books', description: 'Browse every Siso & Friends book: interactive storybooks, picture books and merchandise for children aged 4-10.' }],
  [paths.book(':id'), { page: 'Book', description: 'An interactive storybook from Siso & Friends.' }],
  [paths.categories, { page: 'Categories', description: 'Find a Siso & Friends book by category: adventure, friendship, bedtime and more.' }],
  [paths.category(':id'), { page: 'Books by category', description: 'Siso & Friends books in one category.' }],
  [paths.cart, { page: 'Your Cart', description: 'The books in your Siso & Friends cart.' }],
  [paths.checkout, { page: 'Checkout', description: 'Pay for your Siso & Friends order: standard shipping is free on every web order.' }],
  [paths.thankYou, { page: 'Thank You', description: 'Your Siso & Friends order is confirmed.' }],
  [paths.about, { page: 'About Us', description: 'Who we are: a small children’s publisher founded in 2010, and where to find our shop.' }],
  [paths.values, { page: 'Our Values', description: 'What we believe in: empowering young minds, inclusive storytelling, educational value and quality first.' }],
  [paths.characters, { page: 'Characters', description: 'Meet Siso the Tiger, Nainni the Elephant, Lizzie the Lizard and FeeFee the Rabbit.' }],
  [paths.activities, { page: 'Activities', description: 'Free games and story activities for children: hidden objects, spot the difference and Dream Maker.' }],
  [paths.blog, { page: 'Blog', description: 'Reading tips, behind-the-scenes stories and news from the Siso & Friends team.' }],
  [paths.blogPost(':id'), { page: 'Blog', description: 'An article from the Siso & Friends blog.' }],
  [paths.contact, { page: 'Contact Us', description: 'Write to the Siso & Friends team, find our opening hours and visit our shop.' }],
  [paths.faq, { page: 'FAQ', description: 'Answers to the questions parents ask most about our books, orders, shipping and accounts.' }],
  [paths.shipping, { page: 'Shipping Policy', description: 'How Siso & Friends ships: methods, delivery times and rates in the US and abroad.' }],
  [paths.privacy, { page: 'Privacy Policy', description: 'How Siso & Friends collects, uses and protects your family’s information.' }],
  [paths.childrenPrivacy, { page: "Children's Privacy Notice", description: 'What Siso & Friends keeps about a child, why, for how long, and what we never do with it.' }],
  [paths.terms, { page: 'Terms of Service', description: 'The terms for using the Siso & Friends website and buying our books.' }],
  [paths.login, { page: 'Login', description: 'Sign in to your Siso & Friends account.' }],
  [paths.signup, { page: 'Sign Up', description: 'Create a Siso & Friends account for your family.' }],
  [paths.resetPassword, { page: 'Reset Password', description: 'Get a link to choose a new password for your Siso & Friends account.' }],
  [paths.updatePassword, { page: 'Choose a New Password', description: 'Choose a new password for your Siso & Friends account.' }],
  [paths.emailConfirmed, { page: 'E-mail Confirmed', description: 'Your e-mail address is confirmed.' }],
  [paths.emailVerificationPending, { page: 'Check Your E-mail', description: 'Confirm your e-mail address to finish signing up.' }],
  [paths.privacyCentre, { page: 'Privacy Center', description: 'Everything Siso & Friends holds about each of your children: see it, download it, delete it.' }],
  [paths.profile, { page: 'My Profile', description: 'Your Siso & Friends account, children, orders and settings.' }],
  [paths.dreamaker, { page: 'Dream Maker', description: 'Create a personalized bedtime story starring your child.' }],
  [paths.findObjects, { page: 'Find Hidden Objects', description: 'A free hidden-objects game with Siso and friends.' }],
  [paths.findDifferences, { page: 'Spot the Differences', description: 'A free spot-the-difference game with Siso and friends.' }],
  [paths.profileSecurity, { page: 'Sign-in and Security', description: 'Where your Siso & Friends account is signed in, and how it signs in.' }],
  [paths.securitySignOut, { page: 'Sign Out a Device', description: 'Sign a device out of your Siso & Friends account.' }],
  [paths.config, { page: 'Game Settings', description: 'Set up the Siso & Friends games.' }],
  [paths.findObjectsConfig, { page: 'Find Hidden Objects Settings', description: 'Set up the hidden-objects game.' }],
  [paths.findDifferencesConfig, { page: 'Spot the Differences Settings', description: 'Set up the spot-the-difference game.' }],
  [paths.googleCallback, { page: 'Signing In', description: 'Signing in to Siso & Friends with Google.' }],
  [paths.emailCallback, { page: 'Signing In', description: 'Signing in to Siso & Friends from your e-mail.' }],
  [paths.newsletterConfirm, { page: 'Newsletter', description: 'Confirm your Siso & Friends newsletter subscription.' }],
  [paths.newsletterUnsubscribe, { page: 'Unsubscribe', description: 'Stop the Siso & Friends newsletter.' }],
  [paths.backInStockConfirm, { page: 'Back in Stock', description: 'Confirm that we should e-mail you when a book is back in stock.' }],
  [paths.orderStatus, { page: 'Your Order', description: 'Where your Siso & Friends order is.' }],
  [paths.library, { page: 'My Storybooks', description: 'The storybooks, e-books and downloads your family owns.' }],
  [paths.read(':slug'), { page: 'Storybook', description: 'An interactive storybook where you choose what happens next.' }],
  [paths.admin, { page: 'Back Office', description: 'The Siso & Friends back office, for the shop’s staff.' }],
  [paths.adminAudit, { page: 'Audit Log', description: 'Every change made in the Siso & Friends back office.' }],
  [paths.adminStaff, { page: 'Staff', description: 'Who works in the Siso & Friends back office, and their roles.' }],
  [paths.adminBooks, { page: 'Catalog', description: 'Every book of the Siso & Friends catalog, in any status.' }],
  [paths.adminBookNew, { page: 'New Book', description: 'Add a book to the Siso & Friends catalog.' }],
  [paths.adminImport, { page: 'Catalog Import and Export', description: 'The Siso & Friends catalog as a CSV file.' }],
  [paths.adminBook(':id'), { page: 'Edit Book', description: 'Change a book of the Siso & Friends catalog.' }],
  [paths.adminCategories, { page: 'Catalog Categories', description: 'The shelves of the Siso & Friends shop.' }],
  [paths.adminPosts, { page: 'Posts', description: 'The Siso & Friends blog’s posts, drafts and published.' }],
  [paths.adminPostNew, { page: 'New Post', description: 'Write a post for the Siso & Friends blog.' }],
  [paths.adminPost(':id'), { page: 'Edit Post', description: 'Edit a post of the Siso & Friends blog.' }],
  [paths.adminOrders, { page: 'Orders', description: 'Every order of the Siso & Friends shop.' }],
  [paths.adminOrder(':number'), { page: 'Order', description: 'One order of the Siso & Friends shop: its lines, payment and parcel.' }],
  [paths.adminSettings, { page: 'Shop Settings', description: 'Shipping, tax and the shop’s settings.' }],
  [paths.adminDiscounts, { page: 'Discount Codes', description: 'The Siso & Friends shop’s discount codes.' }],
  [paths.adminCustomers, { page: 'Customers', description: 'The Siso & Friends shop’s customers.' }],
  [paths.adminCustomer(':id'), { page: 'Customer', description: 'One customer of the Siso & Friends shop.' }],
  [paths.adminBackups, { page: 'Backups', description: 'The Siso & Friends shop’s backups.' }],
  [paths.adminNewsletter, { page: 'Newsletter', description: 'The Siso & Friends newsletter’s subscribers.' }],
  [paths.adminCampaigns, { page: 'Campaigns', description: 'The Siso & Friends newsletter’s campaigns.' }],
  [paths.adminCampaignNew, { page: 'New Campaign', description: 'Write a campaign for the Siso & Friends newsletter.' }],
  [paths.adminCampaign(':id'), { page: 'Edit Campaign', description: 'A campaign of the Siso & Friends newsletter.' }],
  [paths.adminStorybooks, { page: 'Storybooks', description: 'The interactive storybooks of Siso & Friends, drafts and published.' }],
  [paths.adminStorybook(':id'), { page: 'Edit Storybook', description: 'Write the pages, choices and endings of a Siso & Friends storybook.' }],
]

const notFound: Meta = { page: 'Page Not Found', description: 'This page does not exist. Find your way back to the Siso & Friends bookshop.' }

/** The title and description of the route at pathname (the not-found page's for an unknown path). */
export function metaForPath(pathname: string): { title: string; description: string } {
  const found = routeMeta.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? notFound
  return { title: pageTitle(found.page), description: found.description || brand.tagline }
}
