import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@okul/domain';

/** The login form's validation, in a module of its own so that zod loads after the login page shows. */
export const loginResolver = zodResolver(loginSchema);
