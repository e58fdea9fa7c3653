import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { makeStore } from './app/store';
import { Toasts } from './components/ui/toasts';
import './styles.css';

const store = makeStore();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toasts />
    </Provider>
  </StrictMode>,
);
