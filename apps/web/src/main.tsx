import { bootShop } from './app/boot';
import './styles.css';
// The toasts' styles come with the page's own (inline): the container loads later, and a
// stylesheet arriving then would make the browser restyle the whole page at once.
import 'react-toastify/dist/ReactToastify.css';
import './components/ui/toasts.css';

bootShop();
