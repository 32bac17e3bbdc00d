import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, readTheme } from './lib/theme'
import { createQueryClient } from './lib/query-client'
import { Providers } from './app/providers'
import { AppRoutes, startRoute } from './app/routes'
import './styles.css'

applyTheme(readTheme())

const queryClient = createQueryClient()
// The screen's code, the session and its first data are on their way before React renders,
// which waits for them (briefly) so the first render is the finished screen.
void startRoute(window.location.pathname, queryClient).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers client={queryClient}>
        <AppRoutes />
      </Providers>
    </StrictMode>,
  ),
)
