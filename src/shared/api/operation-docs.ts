// A human summary and description of every route, for the OpenAPI document and its reference page
// (src/server/modules/api-keys/openapi.ts). Kept beside the descriptors but in a file of its own: the
// browser imports an area's descriptor file, and these words would ride along on every page that calls
// the server, while only the server's document reads them. The type asks for one entry per descriptor,
// so a new route without words does not compile.
import type { API_AREAS } from './all';

export type OperationDoc = { summary: string; description: string };
type Areas = typeof API_AREAS;

export const OPERATION_DOCS: { [A in keyof Areas]: { [N in keyof Areas[A]]: OperationDoc } } = {
  account: {
    updateProfile: {
      summary: 'Update your profile',
      description:
        'Changes your username and e-mail address; a new e-mail address needs your current password and is verified again.',
    },
    setNsfw: {
      summary: 'Turn NSFW options on or off',
      description:
        'Sets whether NSFW styles and images are offered to you (turning it on confirms you are 18 or older).',
    },
    privacy: {
      summary: 'Read your privacy choices',
      description: 'Your face-analysis consent and when you last changed it.',
    },
    setPrivacy: {
      summary: 'Change your face-analysis consent',
      description:
        'Turns face analysis of your training photos on or off; turning it off deletes every stored face descriptor and likeness score of yours.',
    },
    requestExport: {
      summary: 'Request a copy of your data',
      description:
        'Starts building a download of everything stored about you; you are notified when it is ready.',
    },
    latestExport: {
      summary: 'Read your latest data export',
      description: 'The state of your most recent data export and, once ready, its download link.',
    },
    export: {
      summary: 'Download a data export',
      description: 'One of your data exports, as a zip file, while its link is valid.',
    },
    deleteAccount: {
      summary: 'Delete your account',
      description: 'Deletes your account and everything stored about you, after your password confirms it.',
    },
  },
  twoFactor: {
    loginSecondStep: {
      summary: 'Finish signing in with a code',
      description:
        'The second step of a sign-in: a code from an authenticator app, or one of the backup codes.',
    },
    passkeyLoginOptions: {
      summary: 'Start signing in with a passkey',
      description: "The WebAuthn challenge a browser's passkey signs to sign in without a password.",
    },
    passkeyLogin: {
      summary: 'Sign in with a passkey',
      description: 'Checks the passkey’s signed answer to the challenge and starts the session.',
    },
    status: {
      summary: 'Read your second factors',
      description:
        'Whether an authenticator app is set up, how many backup codes are left, and your passkeys.',
    },
    enrolTotp: {
      summary: 'Start setting up an authenticator app',
      description: 'After your password, a new secret and its otpauth link (shown as a QR code).',
    },
    confirmTotp: {
      summary: 'Confirm the authenticator app',
      description:
        'A first code from the app turns it on and answers ten single-use backup codes, shown once.',
    },
    disableTotp: {
      summary: 'Turn off the authenticator app',
      description: 'Needs your password and a current code; removes the secret and the backup codes.',
    },
    passkeyOptions: {
      summary: 'Start adding a passkey',
      description: 'The WebAuthn options a browser needs to create a passkey for this account.',
    },
    addPasskey: {
      summary: 'Add a passkey',
      description: "Stores the browser's new passkey under the name you give it.",
    },
    renamePasskey: {
      summary: 'Rename a passkey',
      description: 'Changes the name a passkey is listed under.',
    },
    removePasskey: {
      summary: 'Remove a passkey',
      description: 'The passkey no longer signs in to this account.',
    },
    activity: {
      summary: 'Read your security activity',
      description: 'Sign-ins, failed attempts, second-factor and key changes, with coarse addresses.',
    },
    adminActivity: {
      summary: "Read a user's security activity",
      description: "The same security record as the user's own, for an admin.",
    },
  },
  admin: {
    vitals: {
      summary: 'Read the real visits’ Web Vitals',
      description:
        'The 75th percentile of LCP, INP, CLS, TTFB and FCP per page over the last hours, with sample counts.',
    },
    stats: {
      summary: "Read the site's totals",
      description: 'Counts of users, models, images and tokens for the admin dashboard.',
    },
    system: {
      summary: "Read the system's health",
      description: "The database, storage, queue, vendors and mail as the admin's System tab shows them.",
    },
    users: {
      summary: 'List users',
      description: 'Users with their balance, status and role, searchable and paged.',
    },
    createUser: {
      summary: 'Create a user',
      description: 'Adds an account with a password and, optionally, admin rights.',
    },
    updateBalance: {
      summary: "Set a user's token balance",
      description:
        "Sets the balance to the given amount; the difference is written to the user's ledger as an admin adjustment.",
    },
    toggleAdmin: {
      summary: 'Grant or remove admin rights',
      description: 'Makes a user an admin or takes admin rights away (never your own).',
    },
    toggleNsfw: {
      summary: "Turn a user's NSFW options on or off",
      description: 'Sets whether NSFW styles and images are offered to the user.',
    },
    setUserStatus: {
      summary: 'Suspend or reactivate a user',
      description: 'A suspended user is signed out everywhere and cannot sign in.',
    },
    deleteUser: {
      summary: 'Delete a user',
      description: 'Deletes the account and everything stored about it.',
    },
    resetPassword: {
      summary: "Reset a user's password",
      description: 'Sets a new password for the user and ends their sessions.',
    },
    outbox: {
      summary: 'List outgoing mail',
      description: 'The mails the site has sent or is sending, newest first, with their state.',
    },
    audit: {
      summary: 'Read the admin audit log',
      description: 'Every admin action with who did it, when and what changed, newest first.',
    },
    images: {
      summary: 'List all generated images',
      description: "Every user's generated images for moderation, filterable and paged.",
    },
    imageCount: {
      summary: 'Count generated images',
      description: 'How many generated images match the given filters.',
    },
    models: {
      summary: 'List all models',
      description: "Every user's models with their training and hosting state.",
    },
    uploadLogs: {
      summary: 'List model upload logs',
      description: 'The uploads of trained models to the hosting vendor, with their errors.',
    },
    retryUpload: {
      summary: 'Retry a model upload',
      description: 'Runs a failed upload of a trained model to the hosting vendor again.',
    },
    packages: {
      summary: 'List token packages (admin)',
      description: 'Every token package, active or not, as the admin edits them.',
    },
    createPackage: {
      summary: 'Create a token package',
      description: 'Adds a package of tokens for sale with its price.',
    },
    updatePackage: {
      summary: 'Update a token package',
      description: "Changes a package's name, tokens, price or whether it is on sale.",
    },
    deletePackage: {
      summary: 'Delete a token package',
      description: 'Removes a package from sale; past purchases keep their record.',
    },
    sales: { summary: 'Read sales', description: 'Payments and refunds over a period, with their totals.' },
    ledgerCheck: {
      summary: 'Check the token ledger',
      description: 'Compares every balance with the sum of its ledger rows and lists any difference.',
    },
  },
  apiKeys: {
    list: {
      summary: 'List your API keys',
      description: 'Your personal API keys with their scopes and when each was last used (never the secret).',
    },
    create: {
      summary: 'Create an API key',
      description:
        'Makes a personal API key with the scopes you choose; its secret is shown once, in this answer.',
    },
    revoke: {
      summary: 'Revoke an API key',
      description: 'Ends a personal API key at once; requests with it are refused from then on.',
    },
    openapi: {
      summary: 'Read this API document',
      description: 'The OpenAPI 3.1 description of every route, the one this reference shows.',
    },
  },
  adminStats: {
    daily: {
      summary: 'Read daily charts',
      description: 'Sign-ups, generations, tokens and sales per day for the admin charts.',
    },
  },
  auth: {
    user: {
      summary: 'Read the signed-in user',
      description: 'The account of the current session, with its token balance.',
    },
    login: {
      summary: 'Sign in',
      description: 'Checks a username or e-mail address and password and starts a session (a cookie).',
    },
    register: {
      summary: 'Create an account',
      description: 'Signs up with a username, e-mail address and password, and starts a session.',
    },
    logout: { summary: 'Sign out', description: 'Ends the current session.' },
    forgotPassword: {
      summary: 'Ask for a password reset mail',
      description:
        "Sends a link to reset the password to the account's e-mail address, if there is one; the answer is the same either way.",
    },
    resetPasswordWithToken: {
      summary: 'Reset a password with a mailed link',
      description:
        "Sets a new password with the token of a reset mail and ends the account's other sessions.",
    },
    checkResetToken: {
      summary: 'Check a password reset link',
      description: "Says whether a reset link's token is still valid, before a new password is typed.",
    },
    verifyEmail: {
      summary: 'Verify an e-mail address',
      description: 'Confirms an e-mail address with the token of its verification mail.',
    },
    resendVerification: {
      summary: 'Send the verification mail again',
      description: "Mails a new verification link to the account's unverified address.",
    },
    changePassword: {
      summary: 'Change your password',
      description: 'Sets a new password after checking the current one; other sessions are ended.',
    },
    revertEmailChange: {
      summary: 'Undo an e-mail change',
      description:
        'Puts back the previous e-mail address with the link mailed to it, and ends every session.',
    },
    sessions: {
      summary: 'List your sessions',
      description: 'Where and since when your account is signed in.',
    },
    revokeSession: { summary: 'Sign out one session', description: 'Ends one of your other sessions.' },
    revokeOtherSessions: {
      summary: 'Sign out everywhere else',
      description: 'Ends every session of yours but this one.',
    },
  },
  generation: {
    baseModels: {
      summary: 'List base models',
      description: 'The base models images can be generated with, and their token cost per image.',
    },
    generate: {
      summary: 'Generate images',
      description:
        'Renders images from a prompt with a base model and, optionally, your model and a style; tokens are charged up front and refunded for images that fail.',
    },
    analyzeImage: {
      summary: 'Describe an image as a prompt',
      description: 'Reads an uploaded picture and suggests a prompt that would make one like it.',
    },
    images: {
      summary: 'List your generated images',
      description: 'Your gallery, newest first, filterable by album and paged.',
    },
    deleteImage: {
      summary: 'Delete a generated image',
      description: 'Removes one of your images and its file.',
    },
  },
  images: {
    image: {
      summary: 'Read one generated image',
      description: 'An image of yours with its prompt, size and the upscales made of it.',
    },
    download: {
      summary: 'Download an image',
      description: 'The image file of yours, under a readable file name.',
    },
    zip: {
      summary: 'Download images as a zip',
      description:
        "Your chosen images, every image of one generation, or a pack's whole album, in one zip with a manifest.",
    },
    upscale: {
      summary: 'Upscale an image',
      description:
        'Makes a \u00d72 or \u00d74 copy of one of your images for its token price; a failed upscale is refunded.',
    },
    upscalePrices: {
      summary: 'Read upscale prices',
      description: 'What a \u00d72 and a \u00d74 upscale cost in tokens.',
    },
    adminUpscalePrices: {
      summary: 'Read upscale prices (admin)',
      description: 'The upscale prices as the admin edits them.',
    },
    updateUpscalePrice: {
      summary: 'Set an upscale price',
      description: 'Changes the token price of one upscale factor.',
    },
  },
  models: {
    list: {
      summary: 'List your models',
      description: 'Your personal models with their status, newest first.',
    },
    detail: {
      summary: 'Read one model',
      description:
        'A model of yours with its photos, training state and hosting details, and the sample images a model trained on the operator’s GPU rendered at the end of its training.',
    },
    create: {
      summary: 'Create a model',
      description: 'Starts a personal model from a name and your photos of one person (a multipart upload).',
    },
    uploadPhotos: {
      summary: 'Add photos to a model',
      description: 'Uploads more training photos to a model that has not been trained yet.',
    },
    consent: {
      summary: "Record the subject's consent",
      description: 'Records that the person in the photos agreed to a model of them.',
    },
    removeFlagged: {
      summary: 'Remove flagged photos',
      description: 'Deletes the photos the checks flagged (blurred, no face, another person) from a model.',
    },
    updatePromptModifier: {
      summary: "Set a model's prompt modifier",
      description: 'Changes the words added to every prompt generated with this model.',
    },
    remove: {
      summary: 'Delete a model',
      description: 'Deletes a model, its photos and its trained weights.',
    },
    deletePhotos: {
      summary: "Delete a model's training photos",
      description: 'Removes the training photos of a trained model; the model keeps working.',
    },
    trainingStatus: {
      summary: 'Read training progress',
      description: "A model's training state, progress and log lines.",
    },
    train: {
      summary: 'Start training',
      description:
        "Trains the model on its photos; the training's tokens are charged now and refunded if it fails.",
    },
    retryTraining: {
      summary: 'Retry a failed training',
      description: 'Trains a model again after a failure, charging its tokens again.',
    },
    cancelTraining: {
      summary: 'Cancel a training',
      description: 'Stops a running training and refunds its tokens.',
    },
    skipProcessing: {
      summary: 'Skip post-processing',
      description: 'Marks a trained model ready without waiting for its last processing step.',
    },
    setStatus: {
      summary: "Reset a model's status",
      description: 'Puts a failed model back to uploaded, so its photos can be trained again.',
    },
    reupload: {
      summary: 'Upload the trained model again',
      description: "Sends a trained model's weights to the hosting vendor again.",
    },
    reuploadRunware: {
      summary: 'Upload the trained model to Runware again',
      description: "Sends a trained model's weights to Runware again after a failed upload.",
    },
  },
  packs: {
    list: {
      summary: 'List photo packs',
      description:
        'The packs on offer, each with its number of photos, price, cover and sample pictures of its styles.',
    },
    generate: {
      summary: 'Generate a photo pack',
      description:
        'Renders every photo of a pack with one of your ready models, charged once; photos that fail are refunded.',
    },
    batches: {
      summary: 'List your pack batches',
      description: 'The packs you have generated, newest first, with their progress.',
    },
    batch: {
      summary: 'Read one pack batch',
      description: "A pack batch's progress: photos done, failed and refunded.",
    },
    album: {
      summary: "Read a pack's album",
      description:
        'A pack batch of yours with every photo it made, in the order of its prompts, and their styles.',
    },
    adminList: {
      summary: 'List packs (admin)',
      description: 'Every pack, active or not, with its prompts, as the admin edits them.',
    },
    adminCreate: {
      summary: 'Create a pack',
      description: 'Adds a photo pack with its prompts, price and cover.',
    },
    adminUpdate: { summary: 'Update a pack', description: "Changes a pack's name, prompts, price or cover." },
    adminSetActive: {
      summary: 'Offer or withdraw a pack',
      description: "Shows or hides a pack in the users' list.",
    },
    adminUploadCover: {
      summary: 'Upload a pack cover',
      description: 'Stores a cover picture for a pack and answers with its URL (a multipart upload).',
    },
  },
  notifications: {
    list: {
      summary: 'List your notifications',
      description:
        'What happened to your models, payments, tickets and packs, newest first, with the unread count.',
    },
    markRead: {
      summary: 'Mark notifications read',
      description: 'Marks the given notifications, or all of them, as read.',
    },
    preferences: {
      summary: 'Read your mail preferences',
      description: 'Which kinds of notification are also mailed to you.',
    },
    setPreferences: {
      summary: 'Change your mail preferences',
      description: 'Turns the mail of one or more kinds of notification on or off.',
    },
  },
  site: {
    vitals: {
      summary: 'Report a page’s Web Vitals',
      description:
        "A browser's beacon of one measure (LCP, INP, CLS, TTFB or FCP) for the page pattern it loaded; no personal data.",
    },
    config: {
      summary: "Read the site's settings",
      description: 'What the app needs to start: prices, limits and which features are on.',
    },
    theme: { summary: 'Read the site theme', description: 'The colours, appearance and radius of the site.' },
    updateTheme: {
      summary: 'Change the site theme',
      description: "Sets the site's colours, appearance and radius for everyone.",
    },
    health: { summary: 'Check that the server is up', description: 'Answers while the process is running.' },
    ready: {
      summary: 'Check that the server is ready',
      description: 'Answers once the database and storage can be used.',
    },
    referrals: {
      summary: 'Read your referrals',
      description: 'Your referral code, the people who joined with it and the tokens it earned you.',
    },
  },
  styles: {
    list: {
      summary: 'List preset styles',
      description: 'The styles images can be generated in, with their token cost.',
    },
    detail: {
      summary: 'Read one preset style',
      description: 'A style with its prompt and its LoRA entries.',
    },
    create: {
      summary: 'Create a preset style',
      description: 'Adds a style with its prompt, preview and LoRA entries.',
    },
    update: {
      summary: 'Update a preset style',
      description: "Changes a style's prompt, preview, cost or LoRA entries.",
    },
    remove: {
      summary: 'Delete a preset style',
      description: 'Removes a style; images made with it keep their record.',
    },
    uploadImage: {
      summary: 'Upload a style preview',
      description: 'Stores a preview picture for a style and answers with its URL (a multipart upload).',
    },
  },
  support: {
    tickets: {
      summary: 'List support tickets',
      description: 'Your tickets, or every ticket for an admin, with their notes.',
    },
    create: { summary: 'Open a support ticket', description: 'Sends a question or problem to support.' },
    setStatus: {
      summary: "Change a ticket's status",
      description: 'Moves a ticket between open, in progress and closed.',
    },
    setPriority: { summary: "Change a ticket's priority", description: "Sets a ticket's priority." },
    addNote: {
      summary: 'Answer a ticket',
      description: "Adds a note to a ticket; the user is notified of an admin's answer.",
    },
  },
  tokens: {
    packages: {
      summary: 'List token packages',
      description: 'The packages of tokens for sale, with their prices.',
    },
    transactions: {
      summary: 'List your transactions',
      description: 'Your token ledger: purchases, usage, refunds, bonuses and adjustments, paged.',
    },
    transactionsSummary: {
      summary: 'Summarise your transactions',
      description: 'Your tokens bought, spent and refunded per month.',
    },
    createPaymentIntent: {
      summary: 'Start a payment',
      description:
        'Creates the card payment for a token package and answers with what the checkout page needs.',
    },
    purchase: {
      summary: 'Complete a purchase',
      description: "Credits a package's tokens once its payment has succeeded.",
    },
    confirmOffline: {
      summary: 'Confirm a test payment',
      description:
        'Completes a payment when the site runs without a card processor (test and development setups).',
    },
    recheck: {
      summary: 'Check a payment again',
      description:
        'Asks the card processor about a payment whose answer did not arrive, and credits it if it succeeded.',
    },
  },
  webhooks: {
    stripe: {
      summary: "Receive Stripe's events",
      description:
        "Stripe calls this with payment events; each is checked by its signature and only wakes the payment's own check.",
    },
    replicate: {
      summary: "Receive Replicate's events",
      description:
        "Replicate calls this when a training changes; it only wakes the training's job, which reads the vendor's record.",
    },
  },
};
