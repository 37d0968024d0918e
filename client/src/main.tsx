import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SnackbarProvider } from 'notistack';
import { SessionProvider } from './auth/session';
import App from './App';
import { MarketsProvider } from './markets';
import LiveNotices from './notices/LiveNotices';
import { useToastsBelowHeader } from './notices/useToastsBelowHeader';
// The base first: the features' rules refine the base's, so they come after them.
import './theme.css';
import './public/public.css';
import './dashboard/dashboard.css';
import './assets/assets.css';
import './trade/trade.css';
import './account/account.css';
import './admin/admin.css';

function Root() {
  useToastsBelowHeader();
  return (
    <BrowserRouter>
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerRoot: 'toasts-below-header' }}
        autoHideDuration={4000}
        maxSnack={3}
      >
        <SessionProvider>
          <LiveNotices />
          <MarketsProvider>
            <App />
          </MarketsProvider>
        </SessionProvider>
      </SnackbarProvider>
    </BrowserRouter>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
