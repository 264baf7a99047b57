// Imported first by src/boot.ts: before the app hydrates a page the server
// rendered for everyone, the device's kid mode already hides the shop's parts.
import './kid-mode.css'
import { markPageBeforeHydration } from './store'

markPageBeforeHydration()
