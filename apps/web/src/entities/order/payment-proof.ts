import { ID, Permission, Role } from 'appwrite';
import {
  paymentProofPath,
  paymentProofProblem,
  PAYMENT_PROOFS_BUCKET,
  PICTURE_HEAD_BYTES,
  type Order,
} from '@courtside/shop';
import { endpoint, ids } from '../../config/env';
import { client, storage } from '../../lib/appwrite';

/** A file's first bytes, read on this device. */
function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : []));
    reader.onerror = () => resolve(new Uint8Array());
    reader.readAsArrayBuffer(file.slice(0, PICTURE_HEAD_BYTES));
  });
}

/** Why a chosen file cannot be a payment screenshot (payments.ts), or null when it can. */
export const chosenProofProblem = async (file: File) =>
  paymentProofProblem(file, await readHead(file));

/**
 * The buyer's screenshot of an advance payment, sent (docs/shop.md §4): uploaded to the
 * payment_proofs bucket readable by the buyer alone (the owner reads the whole bucket), then put
 * on the order by the shop's route, which checks the order and the file are the buyer's. An
 * upload the route refuses is deleted again. Progress: 0..100, or null while unknown.
 */
export async function sendPaymentProof(
  orderId: string,
  userId: string,
  file: File,
  onProgress: (progress: number | null) => void,
): Promise<Order> {
  onProgress(null);
  const stored = await storage.createFile(
    PAYMENT_PROOFS_BUCKET,
    ID.unique(),
    file,
    [Permission.read(Role.user(userId))],
    (p) =>
      onProgress(Math.min(99, Math.round((p.chunksUploaded / Math.max(1, p.chunksTotal)) * 100))),
  );
  try {
    const order = (await client.call(
      'post',
      new URL(`${endpoint}${paymentProofPath(orderId)}`),
      { 'content-type': 'application/json' },
      { fileId: stored.$id },
    )) as Order;
    onProgress(100);
    return order;
  } catch (error) {
    await storage.deleteFile(PAYMENT_PROOFS_BUCKET, stored.$id).catch(() => undefined);
    throw error;
  }
}

/**
 * A payment screenshot's address: its bytes (`/view`), or a preview `width` px wide. Private
 * files are read with the session, so pages fetch them (usePrivateImage) rather than link them.
 */
export function proofFileUrl(fileId: string, width?: number): string {
  const base = `${endpoint}/storage/buckets/${PAYMENT_PROOFS_BUCKET}/files/${encodeURIComponent(fileId)}`;
  return width
    ? `${base}/preview?width=${width}&output=webp&project=${encodeURIComponent(ids.project)}`
    : `${base}/view?project=${encodeURIComponent(ids.project)}`;
}

/** Fetches a private file with the session the SDK keeps (cookie, or its fallback header). */
export async function fetchPrivateFile(url: string): Promise<Blob> {
  const headers: Record<string, string> = { 'X-Appwrite-Project': ids.project };
  const fallback =
    typeof localStorage !== 'undefined' ? localStorage.getItem('cookieFallback') : null;
  if (fallback) headers['X-Fallback-Cookies'] = fallback;
  const res = await fetch(url, { credentials: 'include', headers });
  if (!res.ok) throw new Error('The screenshot could not be loaded');
  return res.blob();
}
