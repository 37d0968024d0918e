import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SnackbarProvider } from 'notistack';
import { SessionProvider } from './auth/session';
import App from './App';
import { MarketsProvider } from './markets';
import LiveNotices from './notices/LiveNotices';
import { useToastPlace } from './notices/useToastPlace';
import { useToastsBelowHeader } from './notices/useToastsBelowHeader';
// The base first: the features' rules refine the base's, so they come after them.
import './theme.css';
import './public/public.css';
import './dashboard/dashboard.css';
import './assets/assets.css';
import './trade/trade.css';
import './account/account.css';
import './admin/admin.css';

/** The toasts' provider, placed for the screen shown (useToastPlace); those at the top start below its header. */
function Toasts({ children }: { children: ReactNode }) {
  useToastsBelowHeader();
  return (
    <SnackbarProvider
      anchorOrigin={useToastPlace()}
      classes={{ containerAnchorOriginTopRight: 'toasts-below-header' }}
      autoHideDuration={4000}
      maxSnack={3}
    >
      {children}
    </SnackbarProvider>
  );
}

function Root() {
  return (
    <BrowserRouter>
      <Toasts>
        <SessionProvider>
          <LiveNotices />
          <MarketsProvider>
            <App />
          </MarketsProvider>
        </SessionProvider>
      </Toasts>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
