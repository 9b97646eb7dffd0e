import { createUserWithEmailAndPassword, sendEmailVerification, updateProfile } from 'firebase/auth';
import { auth } from '../../../lib/firebase';

/** Creates the account, sets its display name and sends the verification e-mail (spec section 4). */
export async function register(name: string, email: string, password: string) {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  // A fresh token carries the new name, which the API uses for comments and history.
  await user.getIdToken(true);
  await sendEmailVerification(user);
  return user;
}
