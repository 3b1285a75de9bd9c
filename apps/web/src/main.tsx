import './app/global.css';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The mock layer (present, switched off by default): only a build made with VITE_CUBE_MOCK=true contains it.
if (import.meta.env.VITE_CUBE_MOCK === 'true') {
  void import('./mock/browser')
    .then(({ startMockLayer }) => startMockLayer())
    .then(() => startApp(container));
} else {
  startApp(container);
}
