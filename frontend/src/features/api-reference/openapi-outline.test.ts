import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { outlineOpenApi } from './openapi-outline';

const DOCUMENT = `
openapi: 3.1.0
info: {title: Fulfilment Portal API, version: v4}
tags:
  - {name: Users, description: Portal users}
paths:
  /api/v4/users/{username}:
    parameters:
      - {name: username, in: path, required: true, schema: {type: string}}
    put:
      tags: [Users]
      summary: Update a user
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/UserUpdate'}
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/User'}
        default: {$ref: '#/components/responses/DEFAULT_ERROR'}
components:
  schemas:
    User:
      type: object
      required: [username]
      properties:
        username: {type: string}
        permissions: {type: array, items: {type: string}}
    UserUpdate:
      type: object
      properties:
        email: {type: [string, 'null'], format: email}
  responses:
    DEFAULT_ERROR: {description: Default error response}
`;

describe('outlineOpenApi', () => {
  it('groups operations by tag with parameters, request and response schemas', () => {
    const outline = outlineOpenApi(parse(DOCUMENT));

    expect(outline.title).toBe('Fulfilment Portal API');
    expect(outline.version).toBe('v4');
    expect(outline.tags).toEqual([
      {
        name: 'Users',
        description: 'Portal users',
        operations: [
          {
            method: 'PUT',
            path: '/api/v4/users/{username}',
            summary: 'Update a user',
            parameters: [{ name: 'username', location: 'path', type: 'string', required: true }],
            requestBody: { name: 'UserUpdate', fields: [{ name: 'email', type: 'string | null (email)', required: false }] },
            responses: [
              {
                status: '200',
                description: 'OK',
                schema: {
                  name: 'User',
                  fields: [
                    { name: 'username', type: 'string', required: true },
                    { name: 'permissions', type: 'string[]', required: false },
                  ],
                },
              },
              { status: 'default', description: 'Default error response', schema: null },
            ],
          },
        ],
      },
    ]);
  });

  it('copes with a document that is not OpenAPI', () => {
    expect(outlineOpenApi('not a document')).toEqual({ title: 'API Reference', version: '', description: '', tags: [] });
  });
});
