// Texts the screens show (specification, section 8), apart from the Zod schemas so a screen can
// use them without loading Zod: the store's first view stays light.
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits.js';

/** Texts of the login form (specification, sections 5 and 8). */
export const AuthMessages = {
  emailAndPasswordRequired: 'Email and password are required.',
  usernameRequired: 'Please enter a username.',
  passwordsDoNotMatch: 'Passwords do not match!',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  nameHasControlCharacters: 'Name must not contain control characters.',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters.`,
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'Email is already registered',
  adminRegistrationRefused: 'Admin accounts cannot be registered. Ask an existing admin.',
  notSignedIn: 'Please sign in to continue.',
  signedOutInactive: 'You were signed out after inactivity. Please sign in again.',
  notAllowed: 'You do not have permission to do that.',
  loginSuccessful: 'Login successful!',
  registrationSuccessful: 'Registration successful! Please log in.',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
} as const;

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 30;

/** Texts of password recovery and the account page. */
export const AccountMessages = {
  forgotPassword: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the email of your account and we will send you a link to set a new password.',
  sendResetLink: 'Send reset link',
  resetRequested: `If an account exists for that email, we have sent a link to reset the password. It expires in ${PASSWORD_RESET_MINUTES} minutes.`,
  resetTitle: 'Set a new password',
  setNewPassword: 'Set new password',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  requestNewLink: 'Request a new link',
  checkingResetLink: 'Checking your link…',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  backToSignIn: 'Back to sign in',
  accountTitle: 'Account',
  profileSaved: 'Your name has been saved.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  saveFailed: 'Could not save. Please try again.',
} as const;

/** Texts of the product form and catalogue (specification, sections 2, 5 and 8). */
export const CatalogMessages = {
  titleRequired: 'Title is required',
  downloadLimitInvalid: 'Download limit must be a whole number from 0 (unlimited) to 1000000',
  descriptionRequired: 'Description is required',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be positive',
  priceTooHigh: 'Price must be at most 100000',
  priceDecimals: 'Price must have at most 2 decimals',
  priceWholeIn: (currency: string) =>
    `Price must be a whole number: ${currency.toUpperCase()} has no decimals`,
  imagesRequired: 'At least one image is required',
  imageRequired: 'An image is required',
  tooManyImages: 'At most 10 images are allowed',
  digitalFileRequired: 'A digital product file is required',
  titleTooLong: 'Title must be at most 200 characters',
  subtitleTooLong: 'Subtitle must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 10000 characters',
  productNotFound: 'Product not found',
  imageUploadFailed: 'One or more image uploads failed.',
  productAdded: 'Product added successfully!',
  productUpdated: 'Product updated successfully!',
  productDeleted: 'Product deleted successfully!',
  loadErrorTitle: 'Oops! Something went wrong',
  loadErrorText: 'Unable to load products. Please try again later.',
  emptyTitle: 'No products found',
  emptyText: 'Try adjusting your search criteria',
  /** A page past the end of the catalogue or of a search (an old or edited link). */
  noSuchPage: (page: number) => `There is no page ${page}`,
  pagesOfCatalogue: (pages: number) =>
    `The catalogue has ${pages} ${pages === 1 ? 'page' : 'pages'}.`,
  pagesOfSearch: (search: string, pages: number) =>
    `The search for “${search}” has ${pages} ${pages === 1 ? 'page' : 'pages'}.`,
  goToPage: (page: number) => `Go to page ${page}`,
  notFoundTitle: 'Product Not Found',
  notFoundText: "We couldn't find the product you were looking for.",
  submissionFailed: 'Submission Failed',
  unexpectedError: 'An unexpected error occurred.',
} as const;

/**
 * Why the server refuses an image URL in a product's ordered list (beside the specification's
 * texts): the list may name the product's own images and new uploads, nothing else.
 */
export const ProductImageMessages = {
  notUploaded: (url: string) => `${url} is not an image uploaded to this store.`,
  ofAnotherProduct: (url: string) =>
    `${url} is an image of another product; upload it again to use it here.`,
  listedTwice: 'The same image is listed twice.',
  /** Another edit changed the images or the file between reading the product and saving it. */
  changedMeanwhile:
    "This product's images or file were changed in another window. Reload it and make your changes again.",
} as const;

/** Texts of the buy flow and the payment result pages (specification, sections 2, 4 and 8). */
export const CheckoutMessages = {
  processing: 'Processing...',
  buyNow: 'Buy Now',
  sessionFailed: (message: string) => `Error creating checkout session: ${message}`,
  paymentSuccessful: 'Payment Successful!',
  downloadYourFile: 'Download Your File',
  verificationFailed: 'Verification Failed',
  downloadLinkFailed: "We couldn't generate your download link.",
  paymentCanceled: 'Payment Canceled',
  paymentCanceledText: 'Your checkout was canceled. Please try again.',
  backToHome: 'Back to Home',
  paymentPending: 'Your payment has not been confirmed yet. Please wait a moment and try again.',
  orderNotPaid: 'This order is not paid, so there is nothing to download.',
  linkExpired: 'This download link has expired. Get a fresh one from My Orders.',
  linkInvalid: 'This download link is not valid.',
  accessRevoked: 'This order was refunded or canceled, so its file can no longer be downloaded.',
  paymentUnderReview:
    'Your payment needs a check by the store before the download is available. Please contact the store.',
  fileUnavailable: 'The file of this order is no longer available. Please contact the store.',
  providerUnavailable:
    'The payment service is not available right now. Please try again in a moment.',
  providerFailed:
    'The payment service could not start your checkout. Please try again later, or contact the store if it keeps happening.',
  disputed:
    'Downloads for this order are paused while a payment dispute is reviewed. Please contact the store.',
} as const;

/** Texts of owning a product and of the buyer's order list. */
export const OwnershipMessages = {
  youOwnThis: 'You own this',
  download: 'Download',
  buyAgain: 'Buy again',
  buyAgainTitle: 'Buy this again?',
  buyAgainText:
    'You already own this product and can download it at any time. Buying it again charges you a second time.',
  buyAgainConfirm: 'Buy again',
  cancel: 'Cancel',
  completePayment: 'Complete payment',
  showCanceled: 'Show canceled checkouts',
  purchased: (title: string) => `You bought ${title}.`,
} as const;

/** Texts of the order screens (specification, sections 2 and 8). */
export const OrderMessages = {
  myOrdersTitle: 'My Orders',
  myOrdersLoadFailed: 'Failed to fetch orders.',
  adminOrdersTitle: 'All Customer Orders',
  adminOrdersLoading: 'Loading orders...',
  adminOrdersLoadFailed: 'Failed to load orders.',
  orderDeleted: 'Order deleted successfully!',
  productMissing: 'Product Not Found',
  /** Beside the title of a product the seller took off sale; its buyers still download it. */
  productNoLongerSold: 'No longer sold',
  unknownStatus: 'Unknown',
  orderNotFound: 'Order not found',
  orderRefunded: 'Order refunded successfully!',
  refundFailed: (message: string) => `Error refunding order: ${message}`,
  accessGranted: 'Access granted: the buyer can download the file.',
  grantFailed: (message: string) => `Error granting access: ${message}`,
  alreadyRefunded: 'This order has already been refunded.',
  notRefundable: 'Only a paid order can be refunded.',
  nothingToGrant: 'This order needs no review.',
  grantNeedsPayment:
    'No payment was recorded for this order, so access cannot be granted. Check the payment with your provider.',
  paidNotDeletable: 'A paid order cannot be deleted. Refund it first.',
  disputedNotDeletable:
    'An order with a payment dispute cannot be deleted: it is the record of the dispute.',
  reviewNotDeletable:
    'An order that needs review cannot be deleted. Grant access or refund it first.',
  deletedWhilePaid:
    'This order was paid a moment ago, so it was not deleted. Refund it first if you want to remove it.',
  refundProviderFailed:
    'The payment provider did not accept the refund. Please try again, or refund from the provider’s dashboard.',
  disputeOpen: 'Payment disputed: downloads are paused',
  downloadLimitReached: 'Download limit reached for this order.',
  tooManyDownloadLinks:
    'Too many download links were used for this order in the last hour. Please try again later.',
  downloadsUsed: (used: number, limit: number) =>
    `${used} of ${limit} download${limit === 1 ? '' : 's'} used`,
  downloadsReset: 'Download count reset: the buyer can download again.',
  resetDownloadsFailed: (message: string) => `Error resetting downloads: ${message}`,
  needsReview: 'Needs review',
} as const;
