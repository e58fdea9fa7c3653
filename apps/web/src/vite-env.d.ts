/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APPWRITE_ENDPOINT?: string;
  readonly VITE_PROJECT_ID?: string;
  readonly VITE_DATABASE_ID?: string;
  readonly VITE_PRODUCTS_COLLECTION_ID?: string;
  readonly VITE_ORDERS_COLLECTION_ID?: string;
  readonly VITE_SUBSCRIBERS_COLLECTION_ID?: string;
  readonly VITE_STATS_COLLECTION_ID?: string;
  readonly VITE_DELIVERIES_COLLECTION_ID?: string;
  readonly VITE_CODES_COLLECTION_ID?: string;
  readonly VITE_PAGES_COLLECTION_ID?: string;
  readonly VITE_SETTINGS_COLLECTION_ID?: string;
  readonly VITE_ORDER_NOTES_COLLECTION_ID?: string;
  readonly VITE_CUSTOMER_NOTES_COLLECTION_ID?: string;
  readonly VITE_ORDER_CLIENTS_COLLECTION_ID?: string;
  readonly VITE_NUMBERS_COLLECTION_ID?: string;
  readonly VITE_NUMBER_CHANGES_COLLECTION_ID?: string;
  readonly VITE_BUCKET_ID?: string;
  readonly VITE_ADMIN_LABEL?: string;
}
