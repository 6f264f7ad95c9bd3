import { defineModule } from '../define-module.js';
import { apiSecrets, revokeApiSecret } from './api-secrets.js';
import { users } from './users.js';

export const usersModule = defineModule({ name: 'users', resources: [users, apiSecrets], actions: [revokeApiSecret] });
