import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@courtside/shop';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The one toast container (spec section 9: 5000 ms, top-right by default, drag-close at 80%). */
export default function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggablePercent={TOAST_DRAG_PERCENT * 100}
      newestOnTop
      theme="light"
    />
  );
}
