/* eslint-disable */
// Generated from packages/contract/openapi.json by scripts/openapi-types.mjs (openapi-typescript): do not edit.
// Regenerate with `npm run openapi`; packages/contract/src/openapi-types.test.ts fails when it drifts.

export interface paths {
  '/api/admin/licenses/generate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a signed licence for an organisation (administrators only)
     * @description **Access:** a platform administrator's session with `licenses.generate`; API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: uuid */
            organisation_id: string;
            /**
             * @default free
             * @enum {string}
             */
            plan_type?: 'free' | 'essential' | 'pro' | 'enterprise';
            /** @default 365 */
            duration_days?: number;
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Licence'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/licenses/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a licence with a reason (administrators only)
     * @description **Access:** a platform administrator's session with `licenses.revoke`; API keys are not accepted.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            reason: string;
          };
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Licence'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/licenses/{organisation_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An organisation's licences, newest first (its members, or an administrator)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          organisation_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Licence'][];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/organisations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Organisations with their member count, for the licence page picker (administrators only)
     * @description **Access:** a platform administrator's session with `organisations.read`; API keys are not accepted.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              id: string;
              name: string;
              member_count: number;
            }[];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/alert-rules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's alert rules (the defaults until someone changes them)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AlertRuleSet'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * Replace the rule set: rules with an id are kept and changed, rules left out deleted (their alerts resolved), rules without an id added
     * @description **Access:** permission `alerts.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AlertRuleSetInputInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AlertRuleSet'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/alerts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Alerts, newest first: active ones and history (filters; pages through next_cursor)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          status?: 'active' | 'resolved';
          host_id?: string;
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AlertPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/alerts/count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How many alerts are active, and not acknowledged (the header bell)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AlertCount'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/alerts/{id}/ack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Acknowledge an active alert: it stops escalating
     * @description **Access:** permission `alerts.respond` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Alert'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/alerts/{id}/silence': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Silence an active alert for some minutes: no escalation or resolve message meanwhile
     * @description **Access:** permission `alerts.respond` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AlertSilenceInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Alert'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's API keys, newest first (revoked and expired ones included, marked)
     * @description **Access:** permission `api_keys.create` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiKeyList'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create an API key (step-up): scopes within your own permissions, optional hosts or tags, expiry within a year; the secret is answered once
     * @description **Access:** permission `api_keys.create` in the organisation the session acts in, or an API key whose scopes include it.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ApiKeyCreateInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiKeyCreated'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key (your own, or any for those who manage members)
     * @description **Access:** permission `api_keys.create` in the organisation the session acts in, or an API key whose scopes include it.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description No Content */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/approvals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Requests held for four-eyes approval (the last 7 days)
     * @description **Access:** permission `members.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Approval'][];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/approvals/{id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve another member’s held request (step-up): it runs now, as them
     * @description **Access:** permission `approvals.decide` in the organisation the session acts in, or an API key whose scopes include it.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Approval'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/approvals/{id}/deny': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deny another member’s held request
     * @description **Access:** permission `approvals.decide` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Approval'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audit trail, newest first, filtered by actor, action, target and time
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    get: {
      parameters: {
        query?: {
          /** @description Part of the actor’s name (a person’s e-mail, a key’s or schedule’s name) */
          actor?: string;
          actor_type?: components['schemas']['AuditActorTypeInput'];
          /** @description An action, or its prefix ending in a dot (member.) */
          action?: string;
          target?: string;
          from?: string;
          to?: string;
          /** @description Records before this seq (the next page) */
          before?: number;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuditPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/archive': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Archive the records written before a date (owners; the platform’s chain for its administrators): answers the archive as JSON Lines (the records, their signed heads and a checkpoint signed now), kept in DATA_DIR/audit-archive too, then removes those records; the chain is still verified from the checkpoint. At most 10,000 records a call (X-Archive-More: 1 when older ones remain).
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     *
     *     **Four-eyes:** when the organisation requires approval of `audit.archive`, a session's request answers 202 `approval_required` with an `approval_id` and runs once another member approves it; an API key's is refused (403).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AuditArchiveRequestInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audit trail as JSON Lines (your organisation’s chain; the platform’s for its administrators), with its signed heads and one signed now: check it offline with npm run audit:verify
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    get: {
      parameters: {
        query?: {
          from?: string;
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/admin-login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Administrator sign-in with e-mail and password
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            email: string;
            password: string;
          };
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | {
                  access_token: string;
                  user: components['schemas']['AuthUser'];
                }
              | components['schemas']['MfaChallenge'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke the current session
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              message: string;
            };
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out everywhere: revoke every session of the signed-in user, this one included
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LogoutAllResponse'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/magic': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Links mailed before the /auth#magic= form: 302 to /auth#magic=<token> (consumes nothing)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: {
          token?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    /**
     * Sign in with the token of the e-mailed link (/auth#magic=<token>), posted by the /auth page
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['MagicSignInRequestInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | {
                  access_token: string;
                  user: components['schemas']['AuthUser'];
                }
              | components['schemas']['MfaChallenge'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AccountSwitchError'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/magic-link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a sign-in link and a 6-digit code (creates the account on first use)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            email: string;
            /**
             * @default fr
             * @enum {string}
             */
            language?: 'fr' | 'en' | 'es' | 'it' | 'de' | 'pt' | 'zh' | 'ja' | 'ar';
          };
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              message: string;
            };
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Service Unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in user, the organisation this session acts in, the others, and the permissions held
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Me'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the signed-in user's own settings (time zone)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ProfilePatchInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuthUser'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/auth/mfa': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your second factors
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MfaStatus'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/recovery-codes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ten new recovery codes; the previous ones stop working (step-up)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RecoveryCodes'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/totp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove the authenticator app (step-up)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    delete: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/totp/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm the authenticator app with a first code; answers ten recovery codes (shown once)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['TotpConfirmInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RecoveryCodes'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/totp/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start setting up an authenticator app (TOTP): its secret and otpauth:// address
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TotpSetup'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The second step of a sign-in: a TOTP or recovery code, or a passkey assertion
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['MfaVerifyInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              access_token: string;
              user: components['schemas']['AuthUser'];
            };
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/oauth/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Trade the one-time id from /auth#session_id for a session
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          'x-session-id'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': components['schemas']['OAuthSessionRequestInput'] | null;
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | {
                  session_token: string;
                  user: components['schemas']['AuthUser'];
                }
              | components['schemas']['MfaChallenge'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AccountSwitchError'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/oidc/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Return from the OpenID Connect provider (302 to /auth#session_id=…)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: {
          code?: string;
          state?: string;
          error?: string;
          error_description?: string;
          iss?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/oidc/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Go to the OpenID Connect provider (302)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkey/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with a passkey, no e-mail: the options
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PasskeySignInOptions'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkey/sign-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with a passkey (it proves both who you are and a second factor)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasskeySignInInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | {
                  access_token: string;
                  user: components['schemas']['AuthUser'];
                }
              | components['schemas']['MfaChallenge'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a passkey from the browser’s answer; with an enrolment mfa_token, the sign-in completes
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasskeyRegisterInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PasskeyAdded'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Options to register a passkey (navigator.credentials.create)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description WebAuthn JSON (@simplewebauthn) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a passkey (step-up)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    delete: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Rename a passkey
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasskeyRenameInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Passkey'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/auth/providers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sign-in methods this portal offers
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuthProviders'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your active sessions (device, address, last use)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SessionInfo'][];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sessions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Sign out one of your sessions
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/step-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Prove a second factor for a sensitive request’s challenge; answers a proof for X-Step-Up (once, 5 minutes)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['StepUpInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['StepUpToken'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/step-up/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a 6-digit code for a step-up challenge (for someone without a second factor)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['StepUpEmailInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Service Unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/switch-organisation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Act in another of your organisations (this session, and the next ones)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SwitchOrganisationInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Me'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/verify-otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with the e-mailed 6-digit code
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            email: string;
            otp_code: string;
            /** @description True once the person confirmed replacing the account signed in in this browser */
            confirm_switch?: boolean;
          };
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | {
                  access_token: string;
                  user: components['schemas']['AuthUser'];
                }
              | components['schemas']['MfaChallenge'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AccountSwitchError'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/backups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Backups of the inventory, newest first (keyset pages), and which storages could be read
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          guest_id?: string;
          host_id?: string;
          since?: string;
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BackupPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/backups/coverage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Guests without a backup within `hours`, PVE's not-backed-up list and backup jobs, failed backup tasks
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          hours?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BackupCoverage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/backups/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a backup to a new VMID, or over its stopped original guest (admin): 202 with the task to follow
     * @description **Access:** permission `backups.run` in the organisation the session acts in, or an API key whose scopes include it; `backups.restore_over` instead when `target` is `original`.
     *
     *     **Step-up:** when `target` is `original`, a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     *
     *     **Four-eyes:** when the organisation requires approval of `backups.restore_over` (when `target` is `original`), a session's request answers 202 `approval_required` with an `approval_id` and runs once another member approves it; an API key's is refused (403).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RestoreRequestInput'];
        };
      };
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contact': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a message to the team (stored, and mailed to CONTACT_TO when set); 5 per 15 minutes per IP
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ContactRequestInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContactResponse'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/demo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The demo account, when the demo is on
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['DemoInfo'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's domain events as Server-Sent Events (text/event-stream)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: {
          ticket?: string;
          last_event_id?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Server-Sent Events: each frame is `id: <id>`, `event: <type>`, `data: <DomainEvent as JSON>`; a comment line every 15 s keeps it alive. Resume after an event with the Last-Event-ID header or `last_event_id`. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/event-stream': components['schemas']['DomainEvent'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/events/ticket': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A single-use ticket (60 s) to open the event stream from a browser (EventSource sends no headers)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EventTicket'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/evidence/public-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public key that verifies restore-test evidence signatures (Ed25519)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EvidencePublicKey'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness and database check
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Health'];
          };
        };
        /** @description Service Unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Health'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/hosts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's hosts: PVE nodes and Proxmox Backup Servers
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Host'][];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Connect a PVE node or a Proxmox Backup Server (password or API token); pins its TLS certificate
     * @description **Access:** permission `hosts.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['HostCreateInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Host'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unprocessable Entity */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/hosts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a host and its guests from the portal
     * @description **Access:** permission `hosts.manage` in the organisation the session acts in, or an API key whose scopes include it.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     *
     *     **Four-eyes:** when the organisation requires approval of `hosts.delete`, a session's request answers 202 `approval_required` with an `approval_id` and runs once another member approves it; an API key's is refused (403).
     */
    delete: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Rename a host, rotate its credentials or re-pin its renewed certificate (checked on the host first)
     * @description **Access:** permission `hosts.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['HostUpdateInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Host'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unprocessable Entity */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/hosts/{id}/certificate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The certificate the host presents now against its pin (to re-pin a renewed one)
     * @description **Access:** permission `hosts.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['HostCertificate'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad Gateway */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Gateway Timeout */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/hosts/{id}/pbs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A Proxmox Backup Server's datastores (usage, 30-day fill forecast, garbage collection, snapshots, failed verifications), jobs and failed tasks, read live (kept 30 s)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PbsHostDetail'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad Gateway */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Gateway Timeout */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/hosts/{id}/privileges': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Proxmox privileges each feature needs, and which the host's user or token lacks
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['HostPrivileges'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad Gateway */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Gateway Timeout */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/hosts/{id}/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Read the host's guests now
     * @description **Access:** permission `hosts.sync` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad Gateway */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Gateway Timeout */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invites': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Pending invitations
     * @description **Access:** permission `members.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Invite'][];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Invite someone by e-mail with a role (a single-use link, 7 days)
     * @description **Access:** permission `members.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['InviteCreateInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Invite'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Service Unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invites/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a pending invitation
     * @description **Access:** permission `members.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invites/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What an invitation link invites to (before accepting)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['InvitePreview'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invites/{token}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation, signed in as its address; the session then acts in that organisation
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['InviteAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/licenses/public-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public key that verifies licence signatures (Ed25519)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LicencePublicKey'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation’s members, with their last activity
     * @description **Access:** permission `members.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MemberList'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/members/leave': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Leave the organisation (the last owner cannot)
     * @description **Access:** permission `members.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/members/{user_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member (step-up; the last owner stays)
     * @description **Access:** permission `members.manage` in the organisation the session acts in, or an API key whose scopes include it.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     *
     *     **Four-eyes:** when the organisation requires approval of `members.remove`, a session's request answers 202 `approval_required` with an `approval_id` and runs once another member approves it; an API key's is refused (403).
     */
    delete: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a member’s role (step-up; owners only by owners)
     * @description **Access:** permission `members.manage` in the organisation the session acts in, or an API key whose scopes include it.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     *
     *     **Four-eyes:** when the organisation requires approval of `members.role`, a session's request answers 202 `approval_required` with an `approval_id` and runs once another member approves it; an API key's is refused (403).
     */
    patch: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path: {
          user_id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['MemberPatchInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Member'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/metrics/collection': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How metrics are collected per host: guest-agent budget and its use, history backfill state
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MetricsCollection'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/metrics/guest/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A guest's history over a range: one value per step, null where nothing was collected
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          range?: '1h' | '24h' | '7d' | '30d' | '1y';
          cf?: 'avg' | 'max';
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MetricsSeries'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/metrics/node/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A node's history over a range: one value per step, null where nothing was collected
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          range?: '1h' | '24h' | '7d' | '30d' | '1y';
          cf?: 'avg' | 'max';
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MetricsSeries'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/metrics/overview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Fleet overview: top guests by CPU and memory now, storages forecast to fill within 30 days
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MetricsOverview'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/metrics/prometheus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's fleet in Prometheus text format; authenticate with a session or `Authorization: Bearer <scrape token>`
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': string;
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/metrics/scrape-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the organisation has a scrape token (never the token)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ScrapeTokenInfo'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Create the scrape token, replacing (revoking) the previous one; the token is shown only in this answer
     * @description **Access:** permission `metrics.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ScrapeToken'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * Revoke the scrape token
     * @description **Access:** permission `metrics.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/metrics/storage/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A storage's history over a range: one value per step, null where nothing was collected
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          range?: '1h' | '24h' | '7d' | '30d' | '1y';
          cf?: 'avg' | 'max';
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MetricsSeries'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/newsletter/subscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscribe an e-mail address to the newsletter (409 when already subscribed)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NewsletterSubscribeRequestInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NewsletterSubscribeResponse'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-channels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's notification channels (owner=organisation, the default) or my own (owner=me), by name
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          owner?: 'organisation' | 'me';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationChannelList'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a channel (e-mail, webhook, Slack, Discord, Teams, ntfy, Gotify): the organisation's (admins and owners) or, with owner 'me', my own (any member); a webhook answers its whsec_ secret this once. A URL on an address NOTIFY_ADDRESS_POLICY refuses is a 400. An API key limited to some hosts or tags makes and sees only channels within them: its scope {all} becomes the key's own, a wider one is a 403
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NotificationChannelInputInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationChannelCreated'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-channels/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A notification channel
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationChannel'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a channel and its delivery log
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a channel (its type stays)
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NotificationChannelPatchInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationChannel'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/notification-channels/{id}/dead-letters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Messages the channel gave up on (replay them with POST /notification-deliveries/{id}/replay)
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          status?: 'pending' | 'retrying' | 'delivered' | 'dead' | 'held' | 'digested' | 'skipped';
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationDeliveryPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-channels/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The channel's delivery log, newest first (pages through next_cursor)
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          status?: 'pending' | 'retrying' | 'delivered' | 'dead' | 'held' | 'digested' | 'skipped';
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationDeliveryPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-channels/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A webhook's new whsec_ secret, shown once; the previous one still signs (second signature) for 24 h
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationChannelCreated'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-channels/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test message now; answers the delivery after its first attempt
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationTestResult'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-deliveries/{id}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Queue a dead (or delivered) message again now, with a fresh 24 h of retries
     * @description **Access:** permission `notifications.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationDelivery'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notification-preferences': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What reaches me by e-mail: severity, quiet hours
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationPreferences'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * Change what reaches me (fields left out keep their value)
     * @description **Access:** a signed-in session (session token or cookie); API keys are not accepted.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NotificationPreferencesInputInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationPreferences'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/organisation/security': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation’s security policy
     * @description **Access:** permission `members.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SecurityPolicy'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * Require a second factor of every member (owners; step-up)
     * @description **Access:** permission `organisation.security` in the organisation the session acts in, or an API key whose scopes include it.
     *
     *     **Step-up:** a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     */
    put: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SecurityPolicyInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SecurityPolicy'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too Many Requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/permissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The permission map: which role may do what (the server enforces it, the web hides by it)
     * @description **Access:** public: no session or API key (a call may check a code, ticket or token it is given).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PermissionMap'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/proxai/advice': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Advice on the organisation's fleet (rules, or an OpenAI-compatible model when AI_BASE_URL is set)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          context?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Advice'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/restore-tests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's restore tests, newest first (filters; pages through next_cursor)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          guest_id?: string;
          status?: 'queued' | 'running' | 'passed' | 'failed' | 'skipped';
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RestoreTestPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Queue a restore test of a guest (exec probes need the admin role): 202 with the test and its task
     * @description **Access:** permission `restore_tests.run` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RestoreTestCreateInput'];
        };
      };
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RestoreTestAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/restore-tests/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Per guest: last outcome, RTO trend, next scheduled test, critical
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RestoreTestSummary'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/restore-tests/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A restore test: status, reason, timings, RTO, each probe with its output
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RestoreTest'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/restore-tests/{id}/evidence': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed evidence of an ended test, as a file (check it with npm run evidence:verify)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RestoreTestEvidence'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/schedules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's schedules, by name, with their next and last run (pages through next_cursor)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SchedulePage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a schedule: a snapshot policy or a guest action on the guests its selector picks, at each cron occurrence
     * @description **Access:** permission `schedules.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ScheduleInputInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Schedule'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/schedules/plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every occurrence of the enabled schedules in [from, to) (31 days at most, 2000 occurrences), with hosts, estimate, window and conflicts
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query: {
          from: string;
          to: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SchedulePlan'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/schedules/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A schedule
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Schedule'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a schedule (its past tasks stay)
     * @description **Access:** permission `schedules.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a schedule (merged, then checked as a whole; the kind cannot change)
     * @description **Access:** permission `schedules.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SchedulePatchInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Schedule'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/schedules/{id}/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a schedule now, whatever its window: 202 with its task (GET /api/tasks/{id})
     * @description **Access:** permission `schedules.run` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Counts of hosts and guests
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Stats'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's tasks, newest first (filters; pages through next_cursor)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          status?: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'skipped';
          kind?: string;
          host_id?: string;
          guest_id?: string;
          schedule_id?: string;
          parent_id?: string;
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A task with its log and, for a parent task, its children
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskDetail'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tasks/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a task: a queued one at once; a running guest or snapshot task is stopped on its host and ends cancelled (409 when Proxmox refuses or it already finished there); a running parent task starts no more children and stops its running ones
     * @description **Access:** permission `tasks.cancel` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Task'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's QEMU VMs and LXC containers
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Vm'][];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vms/bulk-action': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start, stop or restart many guests: 202 with the parent task (one child per guest, at most 4 at once per host)
     * @description **Access:** permission `guests.operate` in the organisation the session acts in, or an API key whose scopes include it.
     *
     *     **Step-up:** when `action` is `stop` or `restart`, a session answers 401 `step_up_required` with a `challenge` until the request is sent again with the `X-Step-Up` header holding a proof for exactly this request (POST /api/auth/step-up); API keys are not asked.
     *
     *     **Four-eyes:** when the organisation requires approval of `guests.bulk_stop` (when `action` is `stop` or `restart`), a session's request answers 202 `approval_required` with an `approval_id` and runs once another member approves it; an API key's is refused (403).
     */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
          'X-Step-Up'?: components['parameters']['StepUp'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['BulkActionRequestInput'];
        };
      };
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized, or `step_up_required` (StepUpRequired): prove a second factor, then retry with X-Step-Up */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vms/{id}/action': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start, stop (graceful, forced after 60 s) or restart a guest: 202 with the task to follow (GET /api/tasks/{id})
     * @description **Access:** permission `guests.operate` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['VmActionRequestInput'];
        };
      };
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              task_id: string;
              message: string;
            };
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vms/{id}/backup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Back up the guest now (vzdump): 202 with the task to follow
     * @description **Access:** permission `backups.run` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['BackupNowInput'];
        };
      };
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vms/{id}/critical': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the guest is critical: marked in ProxAI, or tagged `critical` in Proxmox
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['GuestCritical'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Mark the guest critical in ProxAI, or not (operator or higher)
     * @description **Access:** permission `backups.run` in the organisation the session acts in, or an API key whose scopes include it.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CriticalFlagInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['GuestCritical'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/vms/{id}/snapshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The guest's snapshots, read from its host now (502/504 when the host cannot answer)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SnapshotList'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad Gateway */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Gateway Timeout */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Take a snapshot (vmstate: with the RAM, VMs only): 202 with the task to follow
     * @description **Access:** permission `guests.operate` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SnapshotCreateInput'];
        };
      };
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vms/{id}/snapshots/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a snapshot: 202 with the task to follow
     * @description **Access:** permission `guests.operate` in the organisation the session acts in, or an API key whose scopes include it.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/vms/{id}/snapshots/{name}/rollback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll the guest back to a snapshot (PVE stops it first): 202 with the task to follow
     * @description **Access:** permission `guests.operate` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Accepted */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TaskAccepted'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/windows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organisation's maintenance windows, by name (pages through next_cursor)
     * @description **Access:** permission `fleet.read` in the organisation the session acts in, or an API key whose scopes include it.
     */
    get: {
      parameters: {
        query?: {
          limit?: number;
          cursor?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['WindowPage'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a maintenance window: on its days, from start (HH:MM in its time zone) for duration_minutes
     * @description **Access:** permission `schedules.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['WindowInputInput'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Window'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/windows/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a maintenance window (409 naming the schedules that still use it)
     * @description **Access:** permission `schedules.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a maintenance window (it must still fit the schedules that use it)
     * @description **Access:** permission `schedules.manage` in the organisation the session acts in, or an API key whose scopes include it.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['WindowPatchInput'];
        };
      };
      responses: {
        /** @description OK */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Window'];
          };
        };
        /** @description Bad Request */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Unauthorized */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Forbidden */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not Found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
}
export interface webhooks {
  'alert.acknowledged': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event alert.acknowledged
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'alert.acknowledged';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              alert_id: string;
              rule_id: string | null;
              kind: string;
              /** @enum {string} */
              severity: 'info' | 'warning' | 'critical';
              subject: {
                /** @enum {string} */
                kind: 'host' | 'guest' | 'storage';
                id: string;
                name: string;
              };
              host_id: string | null;
              summary: string;
              value: number | null;
              threshold: number | null;
              by: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'alert.escalated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event alert.escalated
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'alert.escalated';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              alert_id: string;
              rule_id: string | null;
              kind: string;
              /** @enum {string} */
              severity: 'info' | 'warning' | 'critical';
              subject: {
                /** @enum {string} */
                kind: 'host' | 'guest' | 'storage';
                id: string;
                name: string;
              };
              host_id: string | null;
              summary: string;
              value: number | null;
              threshold: number | null;
              level: number;
              group?: {
                /** Format: uuid */
                alert_id: string;
                kind: string;
                /** @enum {string} */
                severity: 'info' | 'warning' | 'critical';
                subject: {
                  /** @enum {string} */
                  kind: 'host' | 'guest' | 'storage';
                  id: string;
                  name: string;
                };
                summary: string;
                value: number | null;
                threshold: number | null;
              }[];
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'alert.resolved': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event alert.resolved
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'alert.resolved';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              alert_id: string;
              rule_id: string | null;
              kind: string;
              /** @enum {string} */
              severity: 'info' | 'warning' | 'critical';
              subject: {
                /** @enum {string} */
                kind: 'host' | 'guest' | 'storage';
                id: string;
                name: string;
              };
              host_id: string | null;
              summary: string;
              value: number | null;
              threshold: number | null;
              duration_seconds: number;
              group?: {
                /** Format: uuid */
                alert_id: string;
                kind: string;
                /** @enum {string} */
                severity: 'info' | 'warning' | 'critical';
                subject: {
                  /** @enum {string} */
                  kind: 'host' | 'guest' | 'storage';
                  id: string;
                  name: string;
                };
                summary: string;
                value: number | null;
                threshold: number | null;
              }[];
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'alert.triggered': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event alert.triggered
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'alert.triggered';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              alert_id: string;
              rule_id: string | null;
              kind: string;
              /** @enum {string} */
              severity: 'info' | 'warning' | 'critical';
              subject: {
                /** @enum {string} */
                kind: 'host' | 'guest' | 'storage';
                id: string;
                name: string;
              };
              host_id: string | null;
              summary: string;
              value: number | null;
              threshold: number | null;
              group?: {
                /** Format: uuid */
                alert_id: string;
                kind: string;
                /** @enum {string} */
                severity: 'info' | 'warning' | 'critical';
                subject: {
                  /** @enum {string} */
                  kind: 'host' | 'guest' | 'storage';
                  id: string;
                  name: string;
                };
                summary: string;
                value: number | null;
                threshold: number | null;
              }[];
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'api_key.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event api_key.created
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'api_key.created';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              api_key_id: string;
              name: string;
              prefix: string;
              scopes: string[];
              expires_at: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'api_key.revoked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event api_key.revoked
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'api_key.revoked';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              api_key_id: string;
              name: string;
              prefix: string;
              /** @enum {string} */
              reason: 'revoked' | 'creator_left';
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'backup.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event backup.completed
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'backup.completed';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              guest_id: string | null;
              vmid: number;
              name: string;
              volid: string | null;
              /** Format: uuid */
              task_id: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'backup.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event backup.failed
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'backup.failed';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              guest_id: string | null;
              vmid: number;
              name: string;
              /** Format: uuid */
              task_id: string;
              error: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'guest.appeared': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event guest.appeared
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'guest.appeared';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              vmid: number;
              name: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'guest.gone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event guest.gone
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'guest.gone';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              vmid: number;
              name: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'guest.state_changed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event guest.state_changed
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'guest.state_changed';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              vmid: number;
              name: string;
              /** Format: uuid */
              guest_id: string;
              state: string;
              previous: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'host.added': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event host.added
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'host.added';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              name: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'host.offline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event host.offline
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'host.offline';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              name: string;
              reason: string | null;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'host.online': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event host.online
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'host.online';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              name: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'host.removed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event host.removed
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'host.removed';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              name: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'host.synced': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event host.synced
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'host.synced';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              name: string;
              added: number;
              removed: number;
              changed: number;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'host.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event host.updated
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'host.updated';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              host_id: string;
              name: string;
              changed: ('name' | 'credentials' | 'fingerprint')[];
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'licence.generated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event licence.generated
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'licence.generated';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              licence_id: string;
              /** @enum {string} */
              plan_type: 'free' | 'essential' | 'pro' | 'enterprise';
              expires_at: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'licence.revoked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event licence.revoked
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'licence.revoked';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              licence_id: string;
              reason: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'member.invited': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event member.invited
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'member.invited';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              invite_id: string;
              email: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'operator' | 'readonly';
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'member.joined': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event member.joined
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'member.joined';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              user_id: string;
              email: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'operator' | 'readonly';
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'member.removed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event member.removed
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'member.removed';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              user_id: string;
              email: string;
              left: boolean;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'member.role_changed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event member.role_changed
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'member.role_changed';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              user_id: string;
              email: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'operator' | 'readonly';
              /** @enum {string} */
              previous: 'owner' | 'admin' | 'operator' | 'readonly';
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'restore_test.ended': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event restore_test.ended
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'restore_test.ended';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              restore_test_id: string;
              /** Format: uuid */
              guest_id: string;
              name: string;
              /** @enum {string} */
              status: 'passed' | 'failed' | 'skipped';
              rto_seconds: number | null;
              reason: string | null;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'restore_test.leftover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event restore_test.leftover
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'restore_test.leftover';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              restore_test_id: string;
              /** Format: uuid */
              host_id: string;
              node: string;
              vmid: number;
              detail: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'schedule.changed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event schedule.changed
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'schedule.changed';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              schedule_id: string | null;
              window_id: string | null;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'schedule.fired': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event schedule.fired
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'schedule.fired';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              schedule_id: string;
              name: string;
              /** Format: uuid */
              task_id: string;
              scheduled_for: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'schedule.skipped': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event schedule.skipped
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'schedule.skipped';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              schedule_id: string;
              name: string;
              /** Format: uuid */
              task_id: string;
              scheduled_for: string;
              reason: string;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'task.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event task.created
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'task.created';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              task: components['schemas']['Task'];
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'task.ended': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event task.ended
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'task.ended';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              task: components['schemas']['Task'];
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'task.progress': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Domain event task.progress
     * @description Sent to the organisation’s webhook channels subscribed to this event (Standard Webhooks): verify the signature, answer 2xx quickly; other answers and timeouts are retried with back-off.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /**
           * @description Unique id of the message; the same on every retry (deduplicate on it).
           * @example msg_evt_18342
           */
          'webhook-id': components['parameters']['WebhookId'];
          /**
           * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
           * @example 1795503302
           */
          'webhook-timestamp': components['parameters']['WebhookTimestamp'];
          /**
           * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
           * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
           */
          'webhook-signature': components['parameters']['WebhookSignature'];
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @constant */
            type: 'task.progress';
            /**
             * Format: date-time
             * @description When the event happened
             */
            timestamp: string;
            data: {
              /** Format: uuid */
              task_id: string;
              status: string;
              progress: number;
            };
          };
        };
      };
      responses: {
        /** @description Received */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    AccountSwitchError: {
      detail: string;
      /** @constant */
      code: 'account_switch_required';
      current_email: string;
      new_email: string;
    };
    Advice: {
      advice: string;
      items: components['schemas']['AdviceItem'][];
      /** @enum {string} */
      source: 'rules' | 'ai';
    };
    AdviceItem: {
      /** @enum {string} */
      severity: 'critical' | 'warning' | 'info';
      title: string;
      detail: string;
      action?: string;
    };
    Alert: {
      /** Format: uuid */
      id: string;
      rule_id: string | null;
      /** @enum {string} */
      kind:
        | 'host_offline'
        | 'guest_down'
        | 'cpu'
        | 'memory'
        | 'disk'
        | 'storage'
        | 'collector_stale'
        | 'backup_failed'
        | 'backup_missing'
        | 'restore_test_missing'
        | 'restore_test_failed'
        | 'flapping';
      /** @enum {string} */
      severity: 'info' | 'warning' | 'critical';
      /** @enum {string} */
      status: 'active' | 'resolved';
      subject: components['schemas']['AlertSubject'];
      host_id: string | null;
      summary: string;
      value: number | null;
      threshold: number | null;
      started_at: string;
      resolved_at: string | null;
      acknowledged_at: string | null;
      acknowledged_by: string | null;
      silenced_until: string | null;
      escalation_level: number;
      flapping: boolean;
      group_id: string | null;
      notified: boolean;
    };
    AlertCount: {
      active_unacknowledged: number;
      active: number;
      worst_severity: ('info' | 'warning' | 'critical') | null;
    };
    AlertPage: {
      items: components['schemas']['Alert'][];
      next_cursor: string | null;
    };
    AlertRule: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind:
        | 'host_offline'
        | 'guest_down'
        | 'cpu'
        | 'memory'
        | 'disk'
        | 'storage'
        | 'collector_stale'
        | 'backup_failed'
        | 'backup_missing'
        | 'restore_test_missing'
        | 'restore_test_failed';
      name: string;
      enabled: boolean;
      /** @enum {string} */
      severity: 'info' | 'warning' | 'critical';
      trigger: number | null;
      clear: number | null;
      duration_seconds: number;
      cooldown_seconds: number;
      max_per_hour: number;
      scope: components['schemas']['AlertScope'];
      created_at: string;
      updated_at: string;
    };
    AlertRuleInputInput: {
      /** Format: uuid */
      id?: string;
      /** @enum {string} */
      kind:
        | 'host_offline'
        | 'guest_down'
        | 'cpu'
        | 'memory'
        | 'disk'
        | 'storage'
        | 'collector_stale'
        | 'backup_failed'
        | 'backup_missing'
        | 'restore_test_missing'
        | 'restore_test_failed';
      name: string;
      enabled: boolean;
      /** @enum {string} */
      severity: 'info' | 'warning' | 'critical';
      trigger: number | null;
      clear: number | null;
      duration_seconds: number;
      cooldown_seconds: number;
      max_per_hour: number;
      scope: components['schemas']['AlertScopeInput'];
    };
    AlertRuleSet: {
      items: components['schemas']['AlertRule'][];
    };
    AlertRuleSetInputInput: {
      items: components['schemas']['AlertRuleInputInput'][];
    };
    AlertScope:
      | {
          /** @constant */
          all: true;
        }
      | {
          host_ids: string[];
        }
      | {
          tags: string[];
        };
    AlertScopeInput:
      | {
          /** @constant */
          all: true;
        }
      | {
          host_ids: string[];
        }
      | {
          tags: string[];
        };
    AlertSilenceInput: {
      minutes: number;
    };
    AlertSubject: {
      /** @enum {string} */
      kind: 'host' | 'guest' | 'storage';
      id: string;
      name: string;
    };
    ApiKey: {
      /** Format: uuid */
      id: string;
      name: string;
      prefix: string;
      scopes: components['schemas']['Permission'][];
      host_ids: string[] | null;
      tags: string[] | null;
      /** Format: date-time */
      expires_at: string;
      /** Format: date-time */
      created_at: string;
      created_by: string | null;
      last_used_at: string | null;
      last_used_ip: string | null;
      revoked_at: string | null;
    };
    /**
     * @example {
     *       "name": "Terraform CI",
     *       "scopes": [
     *         "fleet.read",
     *         "guests.operate"
     *       ],
     *       "tags": [
     *         "ci"
     *       ],
     *       "expires_at": "2027-06-30T00:00:00Z"
     *     }
     */
    ApiKeyCreateInput: {
      name: string;
      scopes: components['schemas']['PermissionInput'][];
      host_ids?: string[];
      tags?: string[];
      /** Format: date-time */
      expires_at: string;
    };
    ApiKeyCreated: {
      /** Format: uuid */
      id: string;
      name: string;
      prefix: string;
      scopes: components['schemas']['Permission'][];
      host_ids: string[] | null;
      tags: string[] | null;
      /** Format: date-time */
      expires_at: string;
      /** Format: date-time */
      created_at: string;
      created_by: string | null;
      last_used_at: string | null;
      last_used_ip: string | null;
      revoked_at: string | null;
      secret: string;
    };
    ApiKeyList: {
      items: components['schemas']['ApiKey'][];
    };
    Approval: {
      /** Format: uuid */
      id: string;
      action: components['schemas']['ApprovalAction'];
      method: string;
      path: string;
      body: unknown | null;
      /** @description E-mail of the member who asked */
      requested_by: string | null;
      /** Format: date-time */
      requested_at: string;
      /** Format: date-time */
      expires_at: string;
      /** @enum {string} */
      status: 'pending' | 'approved' | 'denied' | 'done' | 'failed' | 'expired';
      decided_by: string | null;
      decided_at: string | null;
      result_status: number | null;
      result_detail: string | null;
      can_decide: boolean;
    };
    /** @enum {string} */
    ApprovalAction:
      'hosts.delete' | 'guests.bulk_stop' | 'backups.restore_over' | 'members.role' | 'members.remove' | 'audit.archive';
    AuditActor: {
      type: components['schemas']['AuditActorType'];
      id: string | null;
      /** @description A person’s e-mail, the API key’s or the schedule’s name, ProxAI; null: a person not identified */
      name: string | null;
    };
    /** @enum {string} */
    AuditActorType: 'user' | 'api_key' | 'schedule' | 'system';
    /** @enum {string} */
    AuditActorTypeInput: 'user' | 'api_key' | 'schedule' | 'system';
    AuditArchiveRequestInput: {
      /**
       * Format: date-time
       * @description Records written before this instant are archived
       */
      before: string;
    };
    AuditPage: {
      records: components['schemas']['AuditRecord'][];
      next_before: number | null;
    };
    AuditRecord: {
      /** @description Number in its chain (null: written before the chain existed) */
      seq: number | null;
      /** Format: date-time */
      at: string;
      actor: components['schemas']['AuditActor'];
      action: string;
      target: string | null;
      /** @enum {string} */
      outcome: 'success' | 'failure';
      ip: string | null;
      details: unknown | null;
      hash: string | null;
    };
    AuthProviders: {
      oidc: {
        enabled: boolean;
        name: string | null;
      };
      email: boolean;
      admin: boolean;
    };
    AuthUser: {
      /** Format: uuid */
      id: string;
      email: string;
      name: string | null;
      /** @enum {string} */
      role: 'admin' | 'user';
      organisation_id: string | null;
      /** @enum {string} */
      org_role: 'owner' | 'admin' | 'operator' | 'readonly';
      timezone: string | null;
    };
    Backup: {
      /** Format: uuid */
      id: string;
      guest_id: string | null;
      guest_name: string | null;
      /** Format: uuid */
      host_id: string;
      vmid: number;
      /** @enum {string} */
      guest_type: 'qemu' | 'lxc';
      /** @enum {string} */
      source: 'pve-storage' | 'pbs';
      storage: string | null;
      datastore: string | null;
      volid: string;
      backup_time: string;
      size_bytes: number | null;
      format: string;
      verify_state: ('ok' | 'failed' | 'none') | null;
      encrypted: boolean | null;
      protected: boolean;
      notes: string | null;
    };
    BackupCoverage: {
      hours: number;
      guests_without_backup: {
        /** Format: uuid */
        guest_id: string;
        name: string;
        vmid: number;
        /** Format: uuid */
        host_id: string;
        last_backup_at: string | null;
        critical: boolean;
      }[];
      not_backed_up_pve: {
        /** Format: uuid */
        host_id: string;
        vmid: number;
        name: string | null;
        /** @enum {string} */
        type: 'qemu' | 'lxc';
        guest_id: string | null;
      }[];
      failed_jobs: components['schemas']['Task'][];
      pve_jobs: {
        /** Format: uuid */
        host_id: string;
        id: string;
        schedule: string | null;
        storage: string | null;
        mode: string | null;
        enabled: boolean;
        vmids: number[] | null;
        all: boolean;
        exclude: number[];
        pool: string | null;
        next_run: string | null;
        comment: string | null;
      }[];
      readable_storages: components['schemas']['BackupStorageRead'][];
      inventory_hosts: {
        /** Format: uuid */
        host_id: string;
        refreshed_at: string | null;
        last_error: string | null;
        can_audit_storage: boolean | null;
        can_audit_guests: boolean | null;
        can_backup: boolean | null;
      }[];
    };
    BackupNowInput: {
      storage?: string;
      /**
       * @default snapshot
       * @enum {string}
       */
      mode?: 'snapshot' | 'suspend' | 'stop';
      /**
       * @default zstd
       * @enum {string}
       */
      compress?: 'zstd' | 'gzip' | 'lzo' | 'none';
      notes?: string;
    };
    BackupPage: {
      items: components['schemas']['Backup'][];
      next_cursor: string | null;
      readable_storages: components['schemas']['BackupStorageRead'][];
    };
    BackupPolicyParamsInput: {
      storage: string;
      /**
       * @default snapshot
       * @enum {string}
       */
      mode?: 'snapshot' | 'suspend' | 'stop';
      /**
       * @default zstd
       * @enum {string}
       */
      compress?: 'zstd' | 'gzip' | 'lzo' | 'none';
      /** @default 0 */
      keep_last?: number;
      /** @default 0 */
      keep_daily?: number;
      /** @default 0 */
      keep_weekly?: number;
      /** @default 0 */
      keep_monthly?: number;
      /** @default {{guestname}} */
      notes_template?: string;
      /** @default null */
      bwlimit_kib?: number | null;
      /** @default false */
      protected?: boolean;
    };
    BackupStorageRead: {
      /** Format: uuid */
      host_id: string;
      storage: string;
      type: string;
      readable: boolean;
      error: string | null;
      backup_count: number;
      checked_at: string;
    };
    BulkActionRequestInput: {
      /** @enum {string} */
      action: 'start' | 'stop' | 'restart';
      ids: string[];
    };
    ContactRequestInput: {
      name: string;
      email: string;
      /** @enum {string} */
      subject: 'general' | 'support' | 'sales' | 'demo' | 'partnership' | 'bug' | 'suggestion' | 'other';
      message: string;
    };
    ContactResponse: {
      message: string;
      /** Format: uuid */
      id: string;
    };
    CriticalFlagInput: {
      critical: boolean;
    };
    DemoInfo: {
      email: string;
    };
    /**
     * @example {
     *       "id": "18342",
     *       "type": "guest.state_changed",
     *       "at": "2026-11-24T09:20:14.311Z",
     *       "data": {
     *         "host_id": "5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c",
     *         "vmid": 101,
     *         "name": "web-01",
     *         "guest_id": "0b8c6f1e-3c2a-4f5e-9d7a-2f1e8c4b6a90",
     *         "state": "running",
     *         "previous": "stopped"
     *       }
     *     }
     */
    DomainEvent: {
      id: string;
      /** @enum {string} */
      type:
        | 'host.added'
        | 'host.removed'
        | 'host.updated'
        | 'host.online'
        | 'host.offline'
        | 'host.synced'
        | 'guest.appeared'
        | 'guest.gone'
        | 'guest.state_changed'
        | 'task.created'
        | 'task.progress'
        | 'task.ended'
        | 'schedule.fired'
        | 'schedule.skipped'
        | 'schedule.changed'
        | 'alert.triggered'
        | 'alert.resolved'
        | 'alert.escalated'
        | 'alert.acknowledged'
        | 'backup.completed'
        | 'backup.failed'
        | 'restore_test.ended'
        | 'restore_test.leftover'
        | 'member.invited'
        | 'member.joined'
        | 'member.role_changed'
        | 'member.removed'
        | 'api_key.created'
        | 'api_key.revoked'
        | 'licence.generated'
        | 'licence.revoked';
      at: string;
      data: {
        [key: string]: unknown;
      };
    };
    /**
     * @example {
     *       "detail": "Host not found",
     *       "code": "not_found"
     *     }
     * @example {
     *       "detail": "Invalid request",
     *       "code": "validation_failed",
     *       "errors": [
     *         {
     *           "path": "body.pve_url",
     *           "message": "Invalid URL"
     *         }
     *       ]
     *     }
     */
    Error: {
      /** @description Human-readable message, shown as is by the web app */
      detail: string;
      /** @description Stable snake_case error code */
      code: string;
      errors?: {
        /** @description Dotted path of the offending field, e.g. `body.email` */
        path: string;
        message: string;
      }[];
      /** @enum {string} */
      plan?: 'free' | 'essential' | 'pro' | 'enterprise';
    } & {
      [key: string]: unknown;
    };
    EventTicket: {
      ticket: string;
      expires_at: string;
    };
    EvidencePublicKey: {
      /** @constant */
      algorithm: 'Ed25519';
      public_key: string;
      public_key_pem: string;
      key_id: string;
    };
    GuestActionParamsInput: {
      /** @enum {string} */
      action: 'start' | 'stop' | 'restart';
    };
    GuestCritical: {
      /** Format: uuid */
      guest_id: string;
      critical: boolean;
      tagged: boolean;
      effective: boolean;
    };
    Health: {
      /** @enum {string} */
      status: 'ok' | 'degraded';
      /** @enum {string} */
      database: 'ok' | 'down';
      version: string;
    };
    /**
     * @example {
     *       "id": "5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c",
     *       "name": "pve1",
     *       "type": "pve",
     *       "pve_url": "https://pve1.example.com:8006",
     *       "pve_node": "pve1",
     *       "status": "online",
     *       "user": "proxai@pve",
     *       "auth_type": "token",
     *       "token_name": "portal",
     *       "fingerprint": "3A:7F:0C:91:5B:E2:44:D8:19:6A:C3:0E:8F:27:B5:D1:62:4C:A9:10:E7:3B:58:F6:0D:92:1E:C4:7A:85:B3:2F",
     *       "pve_version": "8.3.2",
     *       "pbs": null,
     *       "last_sync_at": "2026-11-24T09:15:02.118Z",
     *       "last_error": null,
     *       "created_at": "2026-10-01T08:00:00.000Z"
     *     }
     */
    Host: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @enum {string} */
      type: 'pve' | 'pbs';
      /** @description The host's API address (a PBS's too) */
      pve_url: string;
      /** @description The PVE node; 'localhost' for a PBS (its API's own node name) */
      pve_node: string;
      /** @enum {string} */
      status: 'online' | 'offline' | 'unknown';
      user: string;
      /** @enum {string} */
      auth_type: 'password' | 'token';
      token_name: string | null;
      fingerprint: string | null;
      /** @description The product's version (a PBS's: its PBS version) */
      pve_version: string | null;
      pbs: components['schemas']['PbsHostSummary'] | null;
      last_sync_at: string | null;
      last_error: string | null;
      created_at: string;
    };
    HostCertificate: {
      pinned: string | null;
      presented: string;
      matches: boolean;
    };
    HostCreateInput:
      | {
          /**
           * @description 'pve' (default): a Proxmox VE node; 'pbs': a Proxmox Backup Server
           * @default pve
           * @enum {string}
           */
          type?: 'pve' | 'pbs';
          name: string;
          /** @description Address of the API: https://host or https://host:port (default port 8006 for a PVE node, 8007 for a PBS), e.g. https://pve.example.com:8006 */
          pve_url: string;
          user: string;
          fingerprint?: string;
          /** @description The PVE node: required for a PVE node; ignored for a PBS, which has none */
          pve_node?: string;
          /** @constant */
          auth_type: 'password';
          password: string;
        }
      | {
          /**
           * @description 'pve' (default): a Proxmox VE node; 'pbs': a Proxmox Backup Server
           * @default pve
           * @enum {string}
           */
          type?: 'pve' | 'pbs';
          name: string;
          /** @description Address of the API: https://host or https://host:port (default port 8006 for a PVE node, 8007 for a PBS), e.g. https://pve.example.com:8006 */
          pve_url: string;
          user: string;
          fingerprint?: string;
          /** @description The PVE node: required for a PVE node; ignored for a PBS, which has none */
          pve_node?: string;
          /** @constant */
          auth_type: 'token';
          token_name: string;
          token_value: string;
        };
    HostPrivileges: {
      checked_at: string;
      features: {
        /** @enum {string} */
        feature: 'inventory' | 'guest_actions' | 'snapshots' | 'updates' | 'backups';
        ok: boolean;
        privileges: {
          path: string;
          privilege: string;
          granted: boolean;
        }[];
      }[];
    };
    HostUpdateInput: {
      name?: string;
      credentials?:
        | {
            user: string;
            /** @constant */
            auth_type: 'password';
            password: string;
          }
        | {
            user: string;
            /** @constant */
            auth_type: 'token';
            token_name: string;
            token_value: string;
          };
      fingerprint?: string;
    };
    Invite: {
      /** Format: uuid */
      id: string;
      email: string;
      role: components['schemas']['OrgRole'];
      /** @description E-mail of the member who invited */
      invited_by: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      expires_at: string;
    };
    InviteAccepted: {
      /** Format: uuid */
      organisation_id: string;
      role: components['schemas']['OrgRole'];
    };
    InviteCreateInput: {
      email: string;
      role: components['schemas']['OrgRoleInput'];
    };
    InvitePreview: {
      organisation_name: string;
      email: string;
      role: components['schemas']['OrgRole'];
      /** Format: date-time */
      expires_at: string;
    };
    /**
     * @example {
     *       "id": "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
     *       "organisation_id": "2b3c4d5e-6f70-4812-93a4-b5c6d7e8f901",
     *       "plan_type": "pro",
     *       "is_active": true,
     *       "issued_at": "2026-01-15T10:00:00.000Z",
     *       "expires_at": "2027-01-15T10:00:00.000Z",
     *       "features": {
     *         "ai_advice": true,
     *         "nightly_automation": true,
     *         "cve_scanner": true,
     *         "guided_actions": true,
     *         "manual_snapshots": true,
     *         "scoped_api_keys": true,
     *         "dpi_probe": true,
     *         "pbs_backups": true,
     *         "restore_tests": true,
     *         "patch_management": true,
     *         "automated_runbooks": true,
     *         "weekly_reports": true,
     *         "api_webhooks": true,
     *         "audit_trail": true,
     *         "multi_tenant": false,
     *         "sla": false,
     *         "on_premise": false,
     *         "custom_integrations": false
     *       },
     *       "limits": {
     *         "max_hosts": 10,
     *         "max_vms": -1,
     *         "max_users": 25,
     *         "max_storage_gb": 20000
     *       },
     *       "signature": "GfhhYZXBI4qqq28CfZa1rkg9VulxJUFY8CZCgb/nEfaMPRoiExKeWq/kH14AiwalBtcGjSFwEW+7e0aXowMFPA==",
     *       "revoked_at": null,
     *       "revoked_by": null,
     *       "revoke_reason": null,
     *       "status_at": "2026-11-24T09:30:00.000Z",
     *       "status_signature": "AVhpjYekJVwv/KsJosW0Qq+zF+aavH97lheogd8js3dPXyoixjkHPmRHOZCXuMBRQyATnoSzwhpbcRzk8BzEgA=="
     *     }
     */
    Licence: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      organisation_id: string;
      /** @enum {string} */
      plan_type: 'free' | 'essential' | 'pro' | 'enterprise';
      /** @description Not revoked and not expired, computed when the licence is read */
      is_active: boolean;
      /** Format: date-time */
      issued_at: string;
      /** Format: date-time */
      expires_at: string;
      features: {
        [key: string]: boolean;
      };
      limits: {
        max_hosts: number;
        max_vms: number;
        max_users: number;
        max_storage_gb: number;
      };
      /** @description Ed25519 signature (base64) over the canonical JSON of id, organisation_id, plan_type, issued_at, expires_at, features, limits */
      signature: string;
      revoked_at: string | null;
      revoked_by: string | null;
      revoke_reason: string | null;
      /**
       * Format: date-time
       * @description When the server read this licence for the answer
       */
      status_at: string;
      /** @description Ed25519 signature (base64) over the canonical JSON of id, revoked_at and status_at: a downloaded file proves whether the licence was revoked when it was read */
      status_signature: string;
    };
    LicencePublicKey: {
      /** @constant */
      algorithm: 'Ed25519';
      public_key_pem: string;
      /** @description SPKI DER, base64 */
      public_key_base64: string;
    };
    /** @enum {string} */
    ListedApprovalAction: 'hosts.delete' | 'guests.bulk_stop' | 'backups.restore_over' | 'members.role' | 'members.remove';
    /** @enum {string} */
    ListedApprovalActionInput: 'hosts.delete' | 'guests.bulk_stop' | 'backups.restore_over' | 'members.role' | 'members.remove';
    LogoutAllResponse: {
      message: string;
      /** @description Sessions revoked */
      revoked: number;
    };
    MagicSignInRequestInput: {
      token: string;
      /** @description True once the person confirmed replacing the account signed in in this browser */
      confirm_switch?: boolean;
    };
    Me: {
      /** Format: uuid */
      id: string;
      email: string;
      name: string | null;
      /** @enum {string} */
      role: 'admin' | 'user';
      organisation_id: string | null;
      /** @enum {string} */
      org_role: 'owner' | 'admin' | 'operator' | 'readonly';
      timezone: string | null;
      organisations: components['schemas']['Membership'][];
      permissions: components['schemas']['Permission'][];
      mfa_enabled: boolean;
    };
    Member: {
      /** Format: uuid */
      user_id: string;
      email: string;
      name: string | null;
      role: components['schemas']['OrgRole'];
      /** Format: date-time */
      joined_at: string;
      last_active_at: string | null;
      mfa_enabled: boolean;
    };
    MemberList: {
      members: components['schemas']['Member'][];
      max_users: number | null;
    };
    MemberPatchInput: {
      role: components['schemas']['OrgRoleInput'];
    };
    Membership: {
      /** Format: uuid */
      organisation_id: string;
      name: string;
      role: components['schemas']['OrgRole'];
    };
    Message: {
      message: string;
    };
    MetricsCollection: {
      hosts: {
        /** Format: uuid */
        host_id: string;
        name: string;
        agent_budget_per_minute: number;
        agent_reads_last_minute: number;
        vms_with_agent: number;
        vms_without_agent: number;
        vms_agent_not_running: number;
        vms_unknown: number;
        full_cycle_minutes: number;
        backfill: {
          /** @enum {string} */
          state: 'queued' | 'running' | 'done' | 'failed';
          done: number;
          total: number;
          error: string | null;
          started_at: string | null;
          finished_at: string | null;
        } | null;
      }[];
    };
    MetricsOverview: {
      /** Format: date-time */
      generated_at: string;
      top_cpu: {
        /** Format: uuid */
        guest_id: string;
        /** Format: uuid */
        host_id: string;
        vmid: number;
        name: string;
        /** @enum {string} */
        type: 'qemu' | 'lxc';
        cpu_percent: number | null;
        mem_bytes: number | null;
        maxmem_bytes: number | null;
        /** @enum {string} */
        memory_source: 'guest_agent' | 'balloon' | 'host';
      }[];
      top_memory: {
        /** Format: uuid */
        guest_id: string;
        /** Format: uuid */
        host_id: string;
        vmid: number;
        name: string;
        /** @enum {string} */
        type: 'qemu' | 'lxc';
        cpu_percent: number | null;
        mem_bytes: number | null;
        maxmem_bytes: number | null;
        /** @enum {string} */
        memory_source: 'guest_agent' | 'balloon' | 'host';
      }[];
      horizon_days: number;
      filling_storages: {
        /** Format: uuid */
        storage_id: string;
        /** Format: uuid */
        host_id: string;
        node: string;
        name: string;
        used_bytes: number | null;
        total_bytes: number | null;
        growth_bytes_per_day: number | null;
        days_until_full: number | null;
      }[];
    };
    MetricsSeries: {
      step_seconds: number;
      t: number[];
      series: {
        [key: string]: (number | null)[];
      };
      units: {
        [key: string]: string;
      };
      /** @enum {string} */
      memory_source?: 'guest_agent' | 'balloon' | 'host';
    };
    MfaChallenge: {
      /** @enum {string} */
      code: 'mfa_required' | 'mfa_enrolment_required';
      mfa_token: string;
      methods: ('totp' | 'webauthn' | 'recovery')[];
      webauthn: {
        [key: string]: unknown;
      } | null;
    };
    MfaStatus: {
      totp: boolean;
      passkeys: components['schemas']['Passkey'][];
      recovery_codes_left: number;
      required_by: ('platform' | 'organisation') | null;
    };
    MfaVerifyInput: {
      mfa_token: string;
      code?: string;
      /** @description WebAuthn JSON (@simplewebauthn) */
      webauthn_response?: {
        [key: string]: unknown;
      };
    };
    NewsletterSubscribeRequestInput: {
      email: string;
      /** @enum {string} */
      language?: 'fr' | 'en' | 'es' | 'it' | 'de' | 'pt' | 'zh' | 'ja' | 'ar';
    };
    NewsletterSubscribeResponse: {
      message: string;
      email: string;
    };
    NotificationChannel: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      owner: 'organisation' | 'me';
      /** @enum {string} */
      type: 'email' | 'webhook' | 'slack' | 'discord' | 'teams' | 'ntfy' | 'gotify';
      name: string;
      url: string | null;
      address: string | null;
      has_token: boolean;
      /** @enum {string} */
      min_severity: 'info' | 'warning' | 'critical';
      scope:
        | {
            /** @constant */
            all: true;
          }
        | {
            host_ids: string[];
          }
        | {
            tags: string[];
          };
      quiet_hours: components['schemas']['QuietHours'] | null;
      enabled: boolean;
      /** @enum {string} */
      language: 'fr' | 'en' | 'es' | 'it' | 'de' | 'pt' | 'zh' | 'ja' | 'ar';
      events: (
        | 'host.added'
        | 'host.removed'
        | 'host.updated'
        | 'host.online'
        | 'host.offline'
        | 'host.synced'
        | 'guest.appeared'
        | 'guest.gone'
        | 'guest.state_changed'
        | 'task.created'
        | 'task.progress'
        | 'task.ended'
        | 'schedule.fired'
        | 'schedule.skipped'
        | 'schedule.changed'
        | 'alert.acknowledged'
        | 'backup.completed'
        | 'backup.failed'
        | 'restore_test.ended'
        | 'restore_test.leftover'
        | 'member.invited'
        | 'member.joined'
        | 'member.role_changed'
        | 'member.removed'
        | 'api_key.created'
        | 'api_key.revoked'
        | 'licence.generated'
        | 'licence.revoked'
      )[];
      paused_by_plan: ('free' | 'essential' | 'pro' | 'enterprise') | null;
      previous_secret_expires_at: string | null;
      created_at: string;
      updated_at: string;
      last_delivery: {
        status: string;
        at: string;
        status_code: number | null;
      } | null;
    };
    NotificationChannelCreated: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      owner: 'organisation' | 'me';
      /** @enum {string} */
      type: 'email' | 'webhook' | 'slack' | 'discord' | 'teams' | 'ntfy' | 'gotify';
      name: string;
      url: string | null;
      address: string | null;
      has_token: boolean;
      /** @enum {string} */
      min_severity: 'info' | 'warning' | 'critical';
      scope:
        | {
            /** @constant */
            all: true;
          }
        | {
            host_ids: string[];
          }
        | {
            tags: string[];
          };
      quiet_hours: components['schemas']['QuietHours'] | null;
      enabled: boolean;
      /** @enum {string} */
      language: 'fr' | 'en' | 'es' | 'it' | 'de' | 'pt' | 'zh' | 'ja' | 'ar';
      events: (
        | 'host.added'
        | 'host.removed'
        | 'host.updated'
        | 'host.online'
        | 'host.offline'
        | 'host.synced'
        | 'guest.appeared'
        | 'guest.gone'
        | 'guest.state_changed'
        | 'task.created'
        | 'task.progress'
        | 'task.ended'
        | 'schedule.fired'
        | 'schedule.skipped'
        | 'schedule.changed'
        | 'alert.acknowledged'
        | 'backup.completed'
        | 'backup.failed'
        | 'restore_test.ended'
        | 'restore_test.leftover'
        | 'member.invited'
        | 'member.joined'
        | 'member.role_changed'
        | 'member.removed'
        | 'api_key.created'
        | 'api_key.revoked'
        | 'licence.generated'
        | 'licence.revoked'
      )[];
      paused_by_plan: ('free' | 'essential' | 'pro' | 'enterprise') | null;
      previous_secret_expires_at: string | null;
      created_at: string;
      updated_at: string;
      last_delivery: {
        status: string;
        at: string;
        status_code: number | null;
      } | null;
      secret: string | null;
    };
    NotificationChannelInputInput: {
      /**
       * @default organisation
       * @enum {string}
       */
      owner?: 'organisation' | 'me';
      /** @enum {string} */
      type: 'email' | 'webhook' | 'slack' | 'discord' | 'teams' | 'ntfy' | 'gotify';
      name: string;
      /** Format: uri */
      url?: string;
      /** Format: email */
      address?: string;
      token?: string;
      /**
       * @default info
       * @enum {string}
       */
      min_severity?: 'info' | 'warning' | 'critical';
      /**
       * @default {
       *       "all": true
       *     }
       */
      scope?:
        | {
            /** @constant */
            all: true;
          }
        | {
            host_ids: string[];
          }
        | {
            tags: string[];
          };
      /** @default null */
      quiet_hours?: components['schemas']['QuietHoursInput'] | null;
      /** @default true */
      enabled?: boolean;
      /** @enum {string} */
      language?: 'fr' | 'en' | 'es' | 'it' | 'de' | 'pt' | 'zh' | 'ja' | 'ar';
      /** @default [] */
      events?: (
        | 'host.added'
        | 'host.removed'
        | 'host.updated'
        | 'host.online'
        | 'host.offline'
        | 'host.synced'
        | 'guest.appeared'
        | 'guest.gone'
        | 'guest.state_changed'
        | 'task.created'
        | 'task.progress'
        | 'task.ended'
        | 'schedule.fired'
        | 'schedule.skipped'
        | 'schedule.changed'
        | 'alert.acknowledged'
        | 'backup.completed'
        | 'backup.failed'
        | 'restore_test.ended'
        | 'restore_test.leftover'
        | 'member.invited'
        | 'member.joined'
        | 'member.role_changed'
        | 'member.removed'
        | 'api_key.created'
        | 'api_key.revoked'
        | 'licence.generated'
        | 'licence.revoked'
      )[];
    };
    NotificationChannelList: {
      items: components['schemas']['NotificationChannel'][];
    };
    NotificationChannelPatchInput: {
      name?: string;
      /** Format: uri */
      url?: string;
      /** Format: email */
      address?: string;
      token?: string | null;
      /** @enum {string} */
      min_severity?: 'info' | 'warning' | 'critical';
      scope?:
        | {
            /** @constant */
            all: true;
          }
        | {
            host_ids: string[];
          }
        | {
            tags: string[];
          };
      quiet_hours?: components['schemas']['QuietHoursInput'] | null;
      enabled?: boolean;
      /** @enum {string} */
      language?: 'fr' | 'en' | 'es' | 'it' | 'de' | 'pt' | 'zh' | 'ja' | 'ar';
      events?: (
        | 'host.added'
        | 'host.removed'
        | 'host.updated'
        | 'host.online'
        | 'host.offline'
        | 'host.synced'
        | 'guest.appeared'
        | 'guest.gone'
        | 'guest.state_changed'
        | 'task.created'
        | 'task.progress'
        | 'task.ended'
        | 'schedule.fired'
        | 'schedule.skipped'
        | 'schedule.changed'
        | 'alert.acknowledged'
        | 'backup.completed'
        | 'backup.failed'
        | 'restore_test.ended'
        | 'restore_test.leftover'
        | 'member.invited'
        | 'member.joined'
        | 'member.role_changed'
        | 'member.removed'
        | 'api_key.created'
        | 'api_key.revoked'
        | 'licence.generated'
        | 'licence.revoked'
      )[];
    };
    NotificationDelivery: {
      /** Format: uuid */
      id: string;
      channel_id: string | null;
      user_id: string | null;
      /** @enum {string} */
      event_type:
        | 'alert.triggered'
        | 'alert.resolved'
        | 'alert.escalated'
        | 'alert.digest'
        | 'test'
        | 'host.added'
        | 'host.removed'
        | 'host.updated'
        | 'host.online'
        | 'host.offline'
        | 'host.synced'
        | 'guest.appeared'
        | 'guest.gone'
        | 'guest.state_changed'
        | 'task.created'
        | 'task.progress'
        | 'task.ended'
        | 'schedule.fired'
        | 'schedule.skipped'
        | 'schedule.changed'
        | 'alert.acknowledged'
        | 'backup.completed'
        | 'backup.failed'
        | 'restore_test.ended'
        | 'restore_test.leftover'
        | 'member.invited'
        | 'member.joined'
        | 'member.role_changed'
        | 'member.removed'
        | 'api_key.created'
        | 'api_key.revoked'
        | 'licence.generated'
        | 'licence.revoked';
      message_id: string;
      alert_id: string | null;
      severity: ('info' | 'warning' | 'critical') | null;
      summary: string;
      /** @enum {string} */
      status: 'pending' | 'retrying' | 'delivered' | 'dead' | 'held' | 'digested' | 'skipped';
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
      next_attempt_at: string | null;
      delivered_at: string | null;
      created_at: string;
    };
    NotificationDeliveryPage: {
      items: components['schemas']['NotificationDelivery'][];
      next_cursor: string | null;
    };
    NotificationPreferences: {
      email: boolean;
      /** @enum {string} */
      min_severity: 'info' | 'warning' | 'critical';
      quiet_hours: components['schemas']['QuietHours'] | null;
      channel_ids: string[] | null;
    };
    NotificationPreferencesInputInput: {
      email?: boolean;
      /** @enum {string} */
      min_severity?: 'info' | 'warning' | 'critical';
      quiet_hours?: components['schemas']['QuietHoursInput'] | null;
      channel_ids?: string[] | null;
    };
    NotificationTestResult: {
      ok: boolean;
      delivery: components['schemas']['NotificationDelivery'];
    };
    OAuthSessionRequestInput: {
      /** @description True once the person confirmed replacing the account signed in in this browser */
      confirm_switch?: boolean;
    };
    /** @enum {string} */
    OrgRole: 'owner' | 'admin' | 'operator' | 'readonly';
    /** @enum {string} */
    OrgRoleInput: 'owner' | 'admin' | 'operator' | 'readonly';
    Passkey: {
      /** Format: uuid */
      id: string;
      name: string;
      /** Format: date-time */
      created_at: string;
      last_used_at: string | null;
    };
    PasskeyAdded:
      | {
          passkey: components['schemas']['Passkey'];
          recovery_codes: string[] | null;
          access_token: string;
          user: components['schemas']['AuthUser'];
        }
      | {
          passkey: components['schemas']['Passkey'];
          recovery_codes: string[] | null;
        };
    PasskeyRegisterInput: {
      name: string;
      /** @description WebAuthn JSON (@simplewebauthn) */
      response: {
        [key: string]: unknown;
      };
    };
    PasskeyRenameInput: {
      name: string;
    };
    PasskeySignInInput: {
      challenge_id: string;
      /** @description WebAuthn JSON (@simplewebauthn) */
      response: {
        [key: string]: unknown;
      };
    };
    PasskeySignInOptions: {
      challenge_id: string;
      /** @description WebAuthn JSON (@simplewebauthn) */
      options: {
        [key: string]: unknown;
      };
    };
    PbsDatastoreDetail: {
      name: string;
      /** @description Bytes; null when the PBS could not read the datastore */
      total: number | null;
      /** @description Bytes; null when the PBS could not read the datastore */
      used: number | null;
      /** @description Bytes; null when the PBS could not read the datastore */
      avail: number | null;
      /** @description When it fills up at the pace of its last 30 days (linear fit); null when not filling or too little history */
      forecast_full_at: string | null;
      /** @description Why the PBS could not read it (maintenance mode, not mounted…), as the PBS says */
      error: string | null;
      gc: components['schemas']['PbsGcStatus'] | null;
      snapshot_count: number | null;
      group_count: number | null;
      /** @description Snapshots whose last verification failed */
      failed_verifications: number | null;
      /** @description Snapshots never verified */
      unverified: number | null;
      failed_snapshots: {
        /** @enum {string} */
        backup_type: 'vm' | 'ct' | 'host';
        backup_id: string;
        /** @description ISO */
        backup_time: string;
      }[];
      /** @description ISO time; null when unknown or never */
      last_verify_at: string | null;
    };
    PbsDatastoreSummary: {
      name: string;
      /** @description Bytes; null when the PBS could not read the datastore */
      total: number | null;
      /** @description Bytes; null when the PBS could not read the datastore */
      used: number | null;
      /** @description Bytes; null when the PBS could not read the datastore */
      avail: number | null;
      /** @description When it fills up at the pace of its last 30 days (linear fit); null when not filling or too little history */
      forecast_full_at: string | null;
      /** @description Why the PBS could not read it (maintenance mode, not mounted…), as the PBS says */
      error: string | null;
    };
    PbsGcStatus: {
      /** @description ISO time; null when unknown or never */
      last_run_at: string | null;
      /** @description As PBS says: 'OK', 'WARNINGS: 2', an error text; null when unknown */
      state: string | null;
      removed_bytes: number | null;
      pending_bytes: number | null;
      upid: string | null;
    };
    PbsHostDetail: {
      /** Format: uuid */
      host_id: string;
      name: string;
      version: string | null;
      read_at: string;
      datastores: components['schemas']['PbsDatastoreDetail'][];
      jobs: components['schemas']['PbsJob'][];
      tasks: components['schemas']['PbsTask'][];
      unreadable: ('gc' | 'prune' | 'verify' | 'sync' | 'tasks')[];
    };
    PbsHostSummary: {
      datastores: components['schemas']['PbsDatastoreSummary'][];
      /** @description Tasks that ended in an error during the last 24 hours; null before the first read */
      failed_tasks_24h: number | null;
      /** @description When the PBS was last read (ISO) */
      read_at: string;
    };
    PbsJob: {
      /** @enum {string} */
      type: 'gc' | 'prune' | 'verify' | 'sync';
      id: string;
      store: string;
      schedule: string | null;
      enabled: boolean;
      /** @description ISO time; null when unknown or never */
      last_run_at: string | null;
      /** @description As PBS says: 'OK', 'WARNINGS: n', an error text */
      last_state: string | null;
      /** @description ISO time; null when unknown or never */
      next_run_at: string | null;
      comment: string | null;
    };
    PbsTask: {
      upid: string;
      /** @description PBS worker type: 'backup', 'verificationjob', 'garbage_collection'… */
      type: string;
      worker_id: string | null;
      user: string;
      started_at: string;
      ended_at: string | null;
      /** @description Its end as PBS says (an error text) */
      status: string;
    };
    /** @enum {string} */
    Permission:
      | 'fleet.read'
      | 'hosts.manage'
      | 'hosts.sync'
      | 'guests.operate'
      | 'tasks.cancel'
      | 'backups.run'
      | 'backups.restore_over'
      | 'restore_tests.run'
      | 'restore_tests.exec'
      | 'schedules.manage'
      | 'schedules.run'
      | 'alerts.manage'
      | 'alerts.respond'
      | 'notifications.read'
      | 'notifications.manage'
      | 'metrics.manage'
      | 'members.read'
      | 'members.manage'
      | 'members.manage_owners'
      | 'organisation.security'
      | 'approvals.decide'
      | 'audit.read'
      | 'api_keys.create';
    /** @enum {string} */
    PermissionInput:
      | 'fleet.read'
      | 'hosts.manage'
      | 'hosts.sync'
      | 'guests.operate'
      | 'tasks.cancel'
      | 'backups.run'
      | 'backups.restore_over'
      | 'restore_tests.run'
      | 'restore_tests.exec'
      | 'schedules.manage'
      | 'schedules.run'
      | 'alerts.manage'
      | 'alerts.respond'
      | 'notifications.read'
      | 'notifications.manage'
      | 'metrics.manage'
      | 'members.read'
      | 'members.manage'
      | 'members.manage_owners'
      | 'organisation.security'
      | 'approvals.decide'
      | 'audit.read'
      | 'api_keys.create';
    PermissionMap: {
      permissions: components['schemas']['Permission'][];
      roles: {
        owner: components['schemas']['Permission'][];
        admin: components['schemas']['Permission'][];
        operator: components['schemas']['Permission'][];
        readonly: components['schemas']['Permission'][];
      };
      platform: {
        admin: ('licenses.generate' | 'licenses.revoke' | 'organisations.read' | 'audit.read')[];
      };
    };
    PlanOccurrence: {
      /** Format: uuid */
      schedule_id: string;
      schedule_name: string;
      /** @enum {string} */
      kind: 'snapshot' | 'guest_action' | 'backup' | 'restore-test';
      at: string;
      estimated_minutes: number;
      ends_at: string;
      host_ids: string[];
      window_id: string | null;
      in_window: boolean;
      conflicts: {
        /** Format: uuid */
        schedule_id: string;
        schedule_name: string;
        at: string;
        host_id: string | null;
        storage: string | null;
      }[];
    };
    PlanUsage: {
      /** @description Effective plan slug: 'free', 'essential', 'pro' or 'enterprise' */
      plan: string;
      /** @description -1: unlimited */
      max_hosts: number;
      /** @description -1: unlimited */
      max_vms: number;
      /** @description More guests than max_vms */
      over_vms: boolean;
      /** @description More hosts than max_hosts */
      over_hosts: boolean;
      /** @description While the organisation runs on its 14-day Pro trial: when it ends (ISO) */
      trial_ends_at?: string | null;
    };
    Probe:
      | {
          /** @constant */
          type: 'agent_ping';
        }
      | {
          /** @constant */
          type: 'tcp';
          port: number;
        }
      | {
          /** @constant */
          type: 'http';
          /**
           * Format: starts_with
           * @default /
           */
          url_path: string;
          /** @default 80 */
          port: number;
          /** @default 200 */
          expect_status: number;
          expect_body?: string;
        }
      | {
          /** @constant */
          type: 'exec';
          command: string[];
          /** @default 0 */
          expect_exit: number;
          expect_output?: string;
        };
    ProbeInput:
      | {
          /** @constant */
          type: 'agent_ping';
        }
      | {
          /** @constant */
          type: 'tcp';
          port: number;
        }
      | {
          /** @constant */
          type: 'http';
          /**
           * Format: starts_with
           * @default /
           */
          url_path?: string;
          /** @default 80 */
          port?: number;
          /** @default 200 */
          expect_status?: number;
          expect_body?: string;
        }
      | {
          /** @constant */
          type: 'exec';
          command: string[];
          /** @default 0 */
          expect_exit?: number;
          expect_output?: string;
        };
    ProbeResult: {
      probe:
        | components['schemas']['Probe']
        | {
            /** @enum {string} */
            type: 'ct_running' | 'ct_init' | 'ct_uptime' | 'ct_interfaces';
          };
      ok: boolean | null;
      output: string;
      duration_ms: number;
    };
    ProfilePatchInput: {
      timezone: string | null;
    };
    QuietHours: {
      start: string;
      end: string;
      timezone: string;
      /** @default critical */
      bypass_severity: ('warning' | 'critical') | null;
    };
    QuietHoursInput: {
      start: string;
      end: string;
      timezone: string;
      /** @default critical */
      bypass_severity?: ('warning' | 'critical') | null;
    };
    RecoveryCodes: {
      recovery_codes: string[];
      access_token?: string;
      user?: components['schemas']['AuthUser'];
    };
    RestoreRequestInput: {
      /** Format: uuid */
      backup_id?: string;
      volid?: string;
      /** Format: uuid */
      host_id?: string;
      /** @enum {string} */
      target: 'new' | 'original';
      target_node?: string;
      target_storage?: string;
      vmid?: number;
      /** @default false */
      start?: boolean;
    };
    RestoreTest: {
      /** Format: uuid */
      id: string;
      guest_id: string | null;
      guest_name: string;
      /** @enum {string} */
      guest_type: 'qemu' | 'lxc';
      vmid: number;
      host_id: string | null;
      backup_volid: string | null;
      backup_time: string | null;
      target_node: string;
      target_storage: string | null;
      restored_vmid: number | null;
      /** @enum {string} */
      status: 'queued' | 'running' | 'passed' | 'failed' | 'skipped';
      reason: string | null;
      rto_seconds: number | null;
      timings: components['schemas']['RestoreTestTimings'];
      probes: components['schemas']['ProbeResult'][];
      /** Format: uuid */
      task_id: string;
      schedule_id: string | null;
      has_evidence: boolean;
      created_at: string;
      ended_at: string | null;
    };
    RestoreTestAccepted: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      task_id: string;
    };
    RestoreTestCreateInput: {
      /** Format: uuid */
      guest_id: string;
      backup?: string;
      target_node?: string;
      target_storage?: string;
      /**
       * @default [
       *       {
       *         "type": "agent_ping"
       *       }
       *     ]
       */
      probes?: components['schemas']['ProbeInput'][];
      /** @default 600 */
      boot_timeout_seconds?: number;
      /** @default 300 */
      healthy_timeout_seconds?: number;
    };
    RestoreTestEvidence: {
      /** @constant */
      format: 'proxai-restore-test-evidence/1';
      /** Format: uuid */
      restore_test_id: string;
      /** Format: uuid */
      organisation_id: string;
      guest: {
        id: string | null;
        name: string;
        /** @enum {string} */
        type: 'qemu' | 'lxc';
        vmid: number;
        host_id: string | null;
        host_name: string;
        node: string;
      };
      backup: {
        volid: string | null;
        time: string | null;
      };
      target: {
        node: string;
        storage: string | null;
        restored_vmid: number | null;
      };
      preflight: {
        [key: string]: unknown;
      };
      timings: components['schemas']['RestoreTestTimings'];
      rto_seconds: number | null;
      probes: components['schemas']['ProbeResult'][];
      isolation: {
        checked: boolean;
        all_links_down: boolean;
        nics: {
          [key: string]: string;
        };
      };
      cleanup: {
        attempted: boolean;
        vmid_gone: boolean | null;
        leftover_volumes: string[];
        detail: string;
      };
      result: {
        /** @enum {string} */
        status: 'queued' | 'running' | 'passed' | 'failed' | 'skipped';
        reason: string | null;
      };
      started_at: string | null;
      ended_at: string;
      signed_at: string;
      /** @constant */
      algorithm: 'Ed25519';
      key_id: string;
      signature: string;
    };
    RestoreTestPage: {
      items: components['schemas']['RestoreTest'][];
      next_cursor: string | null;
    };
    RestoreTestPolicyParamsInput: {
      /**
       * @default [
       *       {
       *         "type": "agent_ping"
       *       }
       *     ]
       */
      probes?: components['schemas']['ProbeInput'][];
      target_node?: string;
      target_storage?: string;
      /** @default 5 */
      max_guests_per_run?: number;
      /** @default 600 */
      boot_timeout_seconds?: number;
      /** @default 300 */
      healthy_timeout_seconds?: number;
    };
    RestoreTestSummary: {
      items: components['schemas']['RestoreTestSummaryItem'][];
    };
    RestoreTestSummaryItem: {
      /** Format: uuid */
      guest_id: string;
      name: string;
      vmid: number;
      /** Format: uuid */
      host_id: string;
      last_status: ('queued' | 'running' | 'passed' | 'failed' | 'skipped') | null;
      last_at: string | null;
      last_passed_at: string | null;
      last_rto_seconds: number | null;
      rto_trend: {
        at: string;
        rto_seconds: number;
      }[];
      next_scheduled_at: string | null;
      critical: boolean;
    };
    RestoreTestTimings: {
      restore_s?: number;
      boot_s?: number;
      healthy_s?: number;
      cleanup_s?: number;
    };
    Schedule: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @enum {string} */
      kind: 'snapshot' | 'guest_action' | 'backup' | 'restore-test';
      cron: string;
      timezone: string;
      window_id: string | null;
      selector: components['schemas']['Selector'];
      params: {
        [key: string]: unknown;
      };
      enabled: boolean;
      catch_up: boolean;
      next_run_at: string | null;
      last_run_at: string | null;
      created_at: string;
      updated_at: string;
    };
    ScheduleInputInput:
      | {
          name: string;
          cron: string;
          timezone: string;
          /** @default null */
          window_id?: string | null;
          selector: components['schemas']['SelectorInput'];
          /** @default true */
          enabled?: boolean;
          /** @default false */
          catch_up?: boolean;
          /** @constant */
          kind: 'snapshot';
          params: components['schemas']['SnapshotPolicyParamsInput'];
        }
      | {
          name: string;
          cron: string;
          timezone: string;
          /** @default null */
          window_id?: string | null;
          selector: components['schemas']['SelectorInput'];
          /** @default true */
          enabled?: boolean;
          /** @default false */
          catch_up?: boolean;
          /** @constant */
          kind: 'guest_action';
          params: components['schemas']['GuestActionParamsInput'];
        }
      | {
          name: string;
          cron: string;
          timezone: string;
          /** @default null */
          window_id?: string | null;
          selector: components['schemas']['SelectorInput'];
          /** @default true */
          enabled?: boolean;
          /** @default false */
          catch_up?: boolean;
          /** @constant */
          kind: 'backup';
          params: components['schemas']['BackupPolicyParamsInput'];
        }
      | {
          name: string;
          cron: string;
          timezone: string;
          /** @default null */
          window_id?: string | null;
          selector: components['schemas']['SelectorInput'];
          /** @default true */
          enabled?: boolean;
          /** @default false */
          catch_up?: boolean;
          /** @constant */
          kind: 'restore-test';
          params: components['schemas']['RestoreTestPolicyParamsInput'];
        };
    SchedulePage: {
      items: components['schemas']['Schedule'][];
      next_cursor: string | null;
    };
    SchedulePatchInput: {
      name?: string;
      cron?: string;
      timezone?: string;
      window_id?: string | null;
      selector?: components['schemas']['SelectorInput'];
      params?: {
        [key: string]: unknown;
      };
      enabled?: boolean;
      catch_up?: boolean;
    };
    SchedulePlan: {
      from: string;
      to: string;
      occurrences: components['schemas']['PlanOccurrence'][];
      truncated: boolean;
    };
    ScrapeToken: {
      token: string;
      prefix: string;
      /** Format: date-time */
      created_at: string;
    };
    ScrapeTokenInfo: {
      exists: boolean;
      prefix: string | null;
      created_at: string | null;
    };
    SecurityPolicy: {
      require_mfa: boolean;
      /** @description Always answered; left out of a PUT, the current list stays */
      approval_actions?: components['schemas']['ListedApprovalAction'][];
    };
    SecurityPolicyInput: {
      require_mfa: boolean;
      /** @description Always answered; left out of a PUT, the current list stays */
      approval_actions?: components['schemas']['ListedApprovalActionInput'][];
    };
    Selector: {
      /** @constant */
      all?: true;
      host_ids?: string[];
      guest_ids?: string[];
      vmids?: number[];
      tags?: string[];
      pools?: string[];
    };
    SelectorInput: {
      /** @constant */
      all?: true;
      host_ids?: string[];
      guest_ids?: string[];
      vmids?: number[];
      tags?: string[];
      pools?: string[];
    };
    SessionInfo: {
      /** Format: uuid */
      id: string;
      ip: string | null;
      user_agent: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      last_seen_at: string;
      current: boolean;
    };
    Snapshot: {
      name: string;
      description: string;
      created_at: string | null;
      parent: string | null;
      vmstate: boolean;
      by_policy: boolean;
    };
    SnapshotCreateInput: {
      name: string;
      /** @default  */
      description?: string;
      /** @default false */
      vmstate?: boolean;
    };
    SnapshotList: {
      items: components['schemas']['Snapshot'][];
    };
    SnapshotPolicyParamsInput: {
      /** @default auto */
      prefix?: string;
      /** @default 0 */
      keep_last?: number;
      /** @default 0 */
      keep_hourly?: number;
      /** @default 0 */
      keep_daily?: number;
      /** @default 0 */
      keep_weekly?: number;
      /** @default false */
      vmstate?: boolean;
    };
    Stats: {
      hosts: number;
      vms: number;
      running_vms: number;
      stopped_vms: number;
      plan_usage?: components['schemas']['PlanUsage'];
    };
    StepUpEmailInput: {
      challenge: string;
    };
    StepUpInput: {
      challenge: string;
      /** @enum {string} */
      method?: 'totp' | 'webauthn' | 'recovery' | 'email';
      code?: string;
      /** @description WebAuthn JSON (@simplewebauthn) */
      webauthn_response?: {
        [key: string]: unknown;
      };
    };
    StepUpToken: {
      step_up_token: string;
      /** Format: date-time */
      expires_at: string;
    };
    SwitchOrganisationInput: {
      /** Format: uuid */
      organisation_id: string;
    };
    /**
     * @example {
     *       "id": "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f",
     *       "kind": "guest.restart",
     *       "status": "succeeded",
     *       "progress": 100,
     *       "params": {
     *         "action": "restart",
     *         "vmid": 101,
     *         "name": "web-01",
     *         "state_before": "running"
     *       },
     *       "target": {
     *         "host_id": "5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c",
     *         "guest_id": "0b8c6f1e-3c2a-4f5e-9d7a-2f1e8c4b6a90"
     *       },
     *       "parent_id": null,
     *       "schedule_id": null,
     *       "scheduled_for": null,
     *       "created_by": {
     *         "type": "user",
     *         "id": "7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a098",
     *         "name": "alice@example.com"
     *       },
     *       "upids": [
     *         "UPID:pve1:0003A1B2:01C3D4E5:6742F0A1:qmreboot:101:proxai@pve!portal:"
     *       ],
     *       "created_at": "2026-11-24T09:20:00.412Z",
     *       "started_at": "2026-11-24T09:20:00.530Z",
     *       "ended_at": "2026-11-24T09:20:14.207Z",
     *       "error": null,
     *       "summary": null
     *     }
     */
    Task: {
      /** Format: uuid */
      id: string;
      /** @description 'guest.start', 'guest.stop', 'guest.restart', … */
      kind: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'skipped';
      progress: number;
      params: {
        [key: string]: unknown;
      };
      target: {
        host_id: string | null;
        guest_id: string | null;
      };
      parent_id: string | null;
      schedule_id: string | null;
      scheduled_for: string | null;
      created_by: components['schemas']['TaskActor'];
      /** @description The Proxmox tasks (UPIDs) this task follows */
      upids: string[];
      created_at: string;
      started_at: string | null;
      ended_at: string | null;
      error: string | null;
      summary: {
        succeeded: number;
        failed: number;
        skipped: number;
      } | null;
    };
    TaskAccepted: {
      /** Format: uuid */
      task_id: string;
    };
    TaskActor: {
      /** @enum {string} */
      type: 'user' | 'api_key' | 'schedule' | 'system';
      id: string | null;
      name: string;
    };
    TaskDetail: {
      /** Format: uuid */
      id: string;
      /** @description 'guest.start', 'guest.stop', 'guest.restart', … */
      kind: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'skipped';
      progress: number;
      params: {
        [key: string]: unknown;
      };
      target: {
        host_id: string | null;
        guest_id: string | null;
      };
      parent_id: string | null;
      schedule_id: string | null;
      scheduled_for: string | null;
      created_by: components['schemas']['TaskActor'];
      /** @description The Proxmox tasks (UPIDs) this task follows */
      upids: string[];
      created_at: string;
      started_at: string | null;
      ended_at: string | null;
      error: string | null;
      summary: {
        succeeded: number;
        failed: number;
        skipped: number;
      } | null;
      log: {
        at: string;
        line: string;
      }[];
      children: components['schemas']['Task'][];
    };
    TaskPage: {
      items: components['schemas']['Task'][];
      next_cursor: string | null;
    };
    TotpConfirmInput: {
      code: string;
    };
    TotpSetup: {
      secret: string;
      otpauth_url: string;
    };
    /**
     * @example {
     *       "id": "0b8c6f1e-3c2a-4f5e-9d7a-2f1e8c4b6a90",
     *       "vmid": 101,
     *       "name": "web-01",
     *       "state": "running",
     *       "cpu": 4,
     *       "memory": 8192,
     *       "storage": 64,
     *       "type": "qemu",
     *       "host_id": "5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c",
     *       "node": "pve1",
     *       "uptime": 864000,
     *       "tags": [
     *         "prod",
     *         "web"
     *       ],
     *       "pool": "production"
     *     }
     */
    Vm: {
      /** Format: uuid */
      id: string;
      vmid: number;
      name: string;
      /** @description PVE status: 'running', 'stopped', 'paused'… */
      state: string;
      /** @description CPU cores */
      cpu: number;
      /** @description RAM in MB */
      memory: number;
      /** @description Disk size in GB */
      storage: number;
      /** @enum {string} */
      type: 'qemu' | 'lxc';
      /** Format: uuid */
      host_id: string;
      node: string;
      /** @description Seconds since start (0 when stopped) */
      uptime: number;
      /** @description Proxmox tags (what schedules' tag selectors match) */
      tags: string[];
      /** @description Proxmox resource pool, null when in none */
      pool: string | null;
    };
    VmActionRequestInput: {
      /** @enum {string} */
      action: 'start' | 'stop' | 'restart';
      vmid?: number;
    };
    Window: {
      name: string;
      days: ('mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun')[];
      start: string;
      duration_minutes: number;
      timezone: string;
      /** Format: uuid */
      id: string;
      created_at: string;
      updated_at: string;
    };
    WindowInputInput: {
      name: string;
      days: ('mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun')[];
      start: string;
      duration_minutes: number;
      timezone: string;
    };
    WindowPage: {
      items: components['schemas']['Window'][];
      next_cursor: string | null;
    };
    WindowPatchInput: {
      name?: string;
      days?: ('mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun')[];
      start?: string;
      duration_minutes?: number;
      timezone?: string;
    };
  };
  responses: never;
  parameters: {
    /** @description Proof answered by POST /api/auth/step-up for the challenge of a 401 `step_up_required` (single use, 5 minutes). */
    StepUp: string;
    /**
     * @description Unique id of the message; the same on every retry (deduplicate on it).
     * @example msg_evt_18342
     */
    WebhookId: string;
    /**
     * @description Unix time in seconds of this attempt; refuse messages too far from your clock (replays).
     * @example 1795503302
     */
    WebhookTimestamp: string;
    /**
     * @description Space-separated `v1,<base64>` HMAC-SHA256 signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the channel's secret (two while a rotated secret is still valid): accept the message when one matches.
     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
     */
    WebhookSignature: string;
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
