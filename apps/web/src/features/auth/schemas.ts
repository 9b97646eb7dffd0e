import { z } from 'zod';
import { messages } from '../../config/messages';

export const LoginFormSchema = z.object({
  email: z.email('Enter a valid e-mail address'),
  password: z.string().min(1, 'Enter your password'),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
    email: z.email('Enter a valid e-mail address'),
    password: z.string().min(6, 'Use at least 6 characters'),
    confirmPassword: z.string().min(1, 'Confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordMismatch, path: ['confirmPassword'] });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/** 'Add another account' in the emulator's account chooser. */
export const DemoAccountFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters'),
  email: z.email('Enter a valid e-mail address'),
});
export type DemoAccountForm = z.infer<typeof DemoAccountFormSchema>;
