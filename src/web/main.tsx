import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, readTheme } from './lib/theme'
import { createQueryClient } from './lib/query-client'
import { Providers } from './app/providers'
import { AppRoutes, startRoute } from './app/routes'
import './styles.css'

const queryClient = createQueryClient()
// The screen's code, the session and its first data are on their way before React renders,
// which waits for them (briefly) so the first render is the finished screen.
const started = startRoute(window.location.pathname, queryClient)
// After the requests: a page's first read of localStorage waits on the browser (tens of ms on
// a busy machine), which the requests need not wait for (decision 061).
applyTheme(readTheme())
void started.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={queryClient}>
        <AppRoutes />
      </Providers>
    </StrictMode>,
  ),
)
