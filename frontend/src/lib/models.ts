/** The one place that names generated API types; regenerating api-types.ts only touches this file. */
import type { components } from './api-types';

type Schemas = components['schemas'];

export type Token = Schemas['Token'];
export type UiSettings = Schemas['UiSettings'];
export type CurrentUser = Schemas['CurrentUser'];
export type ClientSummary = Schemas['ClientSummary'];
export type Client = Schemas['Client'];
export type User = Schemas['User'];
export type UserCreate = Schemas['UserCreate'];
export type UserUpdate = Schemas['UserUpdate'];
export type Job = Schemas['Job'];
export type JobState = Job['state'];
export type ApiErrorBody = Schemas['Error'];
export type Role = User['role'];
export type PermissionName = NonNullable<UserCreate['permissions']>[number];
