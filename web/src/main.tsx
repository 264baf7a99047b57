import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'
import './index.css'

// The first render is a transition, so React renders it in slices that yield
// to the browser every few milliseconds instead of one long task: a phone
// stays responsive (and paints the splash) while the app starts.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
