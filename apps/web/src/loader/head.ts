import { markStoredCart } from './stored-cart';

markStoredCart();
