import { signInWithEmailAndPassword } from 'firebase/auth';
import { auth } from '../../../lib/firebase';
import { recordSignIn } from './record-sign-in';

export async function emailSignIn(email: string, password: string) {
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  await recordSignIn(user, 'Login');
  return user;
}
