import { BrowserRouter } from 'react-router';
import { AlertsProvider } from '../components/Alerts';
import { AppRoutes } from './AppRoutes';
import './theme.css';

export function App() {
  return (
    <BrowserRouter>
      <AlertsProvider>
        <AppRoutes />
      </AlertsProvider>
    </BrowserRouter>
  );
}
