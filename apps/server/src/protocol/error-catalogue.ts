/** Error types of the protocol (docs/protocol.md §2.2): HTTP status and default message. */
const PROTOCOL_ERRORS = {
  general_unknown: [500, 'Server Error'],
  general_unknown_origin: [403, 'Invalid Origin.'],
  general_unauthorized_scope: [
    401,
    'The current user is not authorized to perform the requested action.',
  ],
  general_rate_limit_exceeded: [
    429,
    'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
  ],
  general_argument_invalid: [400, 'One or more arguments are invalid.'],
  general_route_not_found: [
    404,
    'The requested route was not found. Please refer to the API docs and try again.',
  ],
  general_cursor_not_found: [400, 'The cursor is invalid.'],
  general_server_error: [500, 'Server Error'],
  general_payload_too_large: [413, 'The request body is too large.'],
  general_request_timeout: [408, 'The request took too long.'],

  project_not_found: [404, 'Project with the requested ID could not be found.'],
  project_provider_disabled: [412, 'The chosen OAuth provider is disabled.'],
  project_provider_unsupported: [501, 'The chosen OAuth provider is unsupported.'],

  user_jwt_invalid: [401, 'The JWT token is invalid.'],
  user_already_exists: [
    409,
    'A user with the same id, email, or phone already exists in this project.',
  ],
  user_blocked: [401, 'The current user has been blocked.'],
  user_invalid_token: [401, 'Invalid token passed in the request.'],
  user_invalid_credentials: [401, 'Invalid credentials. Please check the email and password.'],
  user_session_already_exists: [401, 'Cannot create an anonymous user when logged in.'],
  user_not_found: [404, 'User with the requested ID could not be found.'],
  user_email_already_exists: [
    409,
    'A user with the same email already exists in the current project.',
  ],
  user_password_mismatch: [
    400,
    'Passwords do not match. Please check the password and confirm password.',
  ],
  user_session_not_found: [404, 'The current user session could not be found.'],
  user_identity_not_found: [404, 'The identity could not be found.'],
  user_unauthorized: [401, 'The current user is not authorized to perform the requested action.'],
  user_phone_already_exists: [
    409,
    'A user with the same phone number already exists in the current project.',
  ],
  user_phone_not_found: [400, 'The current user does not have a phone number.'],
  user_missing_id: [400, 'Missing ID from OAuth2 provider.'],
  user_oauth2_bad_request: [400, 'OAuth2 provider rejected the bad request.'],
  user_oauth2_unauthorized: [401, 'OAuth2 provider rejected the unauthorized request.'],
  user_oauth2_provider_error: [500, 'OAuth2 provider returned some error.'],
  user_email_alread_verified: [409, 'User email is already verified.'],
  user_phone_already_verified: [409, 'User phone is already verified.'],
  user_api_key_and_session_set: [
    403,
    'An API key cannot be sent together with a session (cookie, X-Fallback-Cookies or JWT): use one or the other.',
  ],

  database_not_found: [404, 'Database not found.'],
  collection_not_found: [404, 'Collection with the requested ID could not be found.'],
  attribute_not_found: [404, 'Attribute with the requested ID could not be found.'],
  index_not_found: [404, 'Index with the requested ID could not be found.'],
  document_not_found: [404, 'Document with the requested ID could not be found.'],
  document_invalid_structure: [
    400,
    'The document structure is invalid. Please ensure the attributes match the collection definition.',
  ],
  document_missing_data: [
    400,
    'The document data is missing. Try again with document data populated.',
  ],
  document_missing_payload: [
    400,
    'The document data and permissions are missing. You must provide either document data or permissions to be updated.',
  ],
  document_already_exists: [
    409,
    'Document with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.',
  ],
  document_update_conflict: [409, 'Remote document is newer than local.'],

  storage_file_already_exists: [409, 'A storage file with the requested ID already exists.'],
  storage_file_not_found: [404, 'The requested file could not be found.'],
  storage_file_empty: [400, 'Empty file passed to the endpoint.'],
  storage_file_type_unsupported: [400, 'The given file extension is not supported.'],
  storage_invalid_file_size: [
    400,
    'The file size is either not valid or exceeds the maximum allowed size.',
  ],
  storage_invalid_file: [403, 'The uploaded file is invalid. Please check the file and try again.'],
  storage_bucket_not_found: [404, 'Storage bucket with the requested ID could not be found.'],
  storage_invalid_content_range: [
    400,
    'The content range is invalid. Please check the value of the Content-Range header.',
  ],
  storage_invalid_range: [
    416,
    'The requested range is not satisfiable. Please check the value of the Range header.',
  ],
  storage_invalid_appwrite_id: [
    400,
    'The value for x-appwrite-id header is invalid. Please check the value of the x-appwrite-id header is valid id and not unique().',
  ],
} as const satisfies Record<string, readonly [number, string]>;

/** An error type's HTTP status and default message. */
export type ErrorDefaults = readonly [status: number, message: string];

/**
 * Error types added above the generic backend (the shop's, shop/errors.ts), by declaration
 * merging, each registered with `registerErrorTypes` when its module loads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RegisteredErrorTypes {}

export type ErrorType = keyof typeof PROTOCOL_ERRORS | keyof RegisteredErrorTypes;

const catalogue = new Map<string, ErrorDefaults>(Object.entries(PROTOCOL_ERRORS));

/** Adds error types; one already known with other defaults is a programming error. */
export function registerErrorTypes(types: Readonly<Record<string, ErrorDefaults>>): void {
  for (const [type, defaults] of Object.entries(types)) {
    const known = catalogue.get(type);
    if (known && (known[0] !== defaults[0] || known[1] !== defaults[1])) {
      throw new Error(`error type ${type} is already registered with other defaults`);
    }
    catalogue.set(type, defaults);
  }
}

/** The status and default message of a known error type (unknown types are 500s). */
export function errorDefaults(type: ErrorType): ErrorDefaults {
  return catalogue.get(type) ?? PROTOCOL_ERRORS.general_unknown;
}
