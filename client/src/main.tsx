import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SnackbarProvider } from 'notistack';
import { SessionProvider } from './auth/session';
import App from './App';
import { MarketsProvider } from './markets';
import './theme.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={4000} maxSnack={3}>
        <SessionProvider>
          <MarketsProvider>
            <App />
          </MarketsProvider>
        </SessionProvider>
      </SnackbarProvider>
    </BrowserRouter>
  </StrictMode>,
);
