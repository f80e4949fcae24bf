/** Every successful API answer. */
export interface ApiSuccess<T> {
  data: T;
}

export interface ValidationError {
  message: string;
  path: string;
}

/** Every failed API answer. `validationErrors` only on 400 from validation. */
export interface ApiErrorBody {
  error: { message: string; code: string; status: number };
  validationErrors?: ValidationError[];
}

/** The signed-in user as the API returns it; never carries password or token material. */
export interface UserDto {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: import('../domain/roles.ts').Role[];
  active: boolean;
  /** Signs in with a code from an authenticator app as well as the password. */
  twoFactor?: boolean;
  /** Must turn two-factor sign-in on before anything else (a root requires it of their role). */
  twoFactorSetupRequired?: boolean;
}
