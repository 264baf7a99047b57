// The parent's account area: the profile page and its cards.
export { ProfilePage, type ProfileNavigationState, type ProfilePageProps } from './components/profile-page'
