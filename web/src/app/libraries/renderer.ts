// React's DOM renderer, the largest library of the app: boot.ts runs it in
// a task of its own before the rest (main.tsx), which then finds it ready.
import 'react-dom/client'
