import { sendPasswordResetEmail } from 'firebase/auth';
import { auth } from '../../../lib/firebase';

export const resetPassword = (email: string) => sendPasswordResetEmail(auth, email);
