/**
 * @khel/web-kit: what the player app and the back office need the same, with no look of its own. The
 * package is free of side effects, so an app's bundle keeps only what it imports (the player app's
 * first load stays within its budget).
 */
export { createStore, useStore, type Store } from './create-store';
export { local, session, type SafeStorage } from './storage';
export { useDebouncedValue } from './use-debounced-value';
export { useMediaQuery } from './use-media-query';
export { newIdempotencyKey } from './idempotency';
export { useIdempotencyKey } from './use-idempotency-key';
export { writeAnswer } from './write-answer';
export { copyText } from './copy-text';
export { ApiError, errorMessage, shouldRetry, type ApiIssue } from './api-error';
export {
  API_BASE,
  answerFailure,
  bodyMessageOf,
  buildUrl,
  fetchOrFail,
  httpFailure,
  metaOf,
  readJson,
  sendApiCall,
  type ApiAnswer,
  type ApiCall,
  type ApiMethod,
  type ApiQuery,
  type ApiWording,
} from './api-transport';
export { fetchApiBlob } from './api-blob';
export { createToastStack, type StackedToast, type ToastStack, type ToastStackOptions } from './toast-stack';
export { QueryState, type QueryLike, type QueryStateProps } from './query-state';
export { DataTable, type DataColumn, type DataTableProps } from './data-table';
