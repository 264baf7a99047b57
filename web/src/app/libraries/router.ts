// The router and the query cache, run by boot.ts in a task of their own
// between React's renderer and the app.
import 'react-router'
import '@tanstack/react-query'
