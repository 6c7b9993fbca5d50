// Spec part 2 §8 (payments): the texts every payment screen shares.
export const PAYMENT_FAILED_FALLBACK = 'An error occurred during payment. Please try again.';
export const PAYMENT_UNEXPECTED = 'An unexpected error occurred. Please try again.';
export const INIT_FAILED = 'Failed to initialize payment. Please try again.';
export const PACKAGES_FAILED = 'Failed to load token packages. Please try again later.';
export const RETURN_MISSING = 'Payment information is missing or payment did not succeed.';
export const PROCESS_FAILED = 'Failed to process payment. Please contact support.';
export const PROCESS_FAILED_TOAST = 'Something went wrong processing your payment.';
