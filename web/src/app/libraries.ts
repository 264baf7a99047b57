// React's DOM renderer, the bulk of the app's code. boot.ts runs it on its
// own, a task ahead of the app (main.tsx), which then finds it ready.
import 'react-dom/client'
