/**
 * The API's paths, requests and answers, generated from the server's route declarations by
 * `npm run api:types`. Do not edit: change the routes' zod schemas and run it again.
 */

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database and bus status (503 when either is down) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok" | "degraded";
                            database: {
                                /** @enum {string} */
                                status: "ok" | "down";
                                /** @enum {string} */
                                kind: "embedded" | "postgres";
                            };
                            bus: {
                                /** @enum {string} */
                                status: "ok" | "down";
                                /** @enum {string} */
                                kind: "memory" | "redis";
                            };
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The listed markets: order-book markets with their sizes, and forex pairs */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Order-book markets, traded on the trade screen */
                            markets: {
                                symbol: string;
                                display: string;
                                name: string;
                                base: string;
                                quote: string;
                                tick_size: string;
                                lot_size: string;
                                min_notional: string;
                                seed_price: string;
                                /**
                                 * @description trading; cancel_only: only cancels are taken; halted: no new orders
                                 * @enum {string}
                                 */
                                status: "trading" | "cancel_only" | "halted";
                            }[];
                            /** @description Simulated forex pairs, traded on the simple screen only */
                            forex: {
                                symbol: string;
                                display: string;
                                name: string;
                                /** @description The currency a buy takes */
                                base: string;
                                /** @description The currency a buy pays, and the price is in */
                                quote: string;
                                /** @description The currency other than the dollar: what a dollar account holds after trading the pair */
                                asset: string;
                                tick_size: string;
                                lot_size: string;
                                seed_price: string;
                            }[];
                            /** @description Symbols of the book markets the simple screen offers, in its order (it offers every forex pair too) */
                            simple_screen: string[];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a trader account and sign in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                        full_name: string;
                        referral_code?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                                is_admin: boolean;
                                is_active: boolean;
                                /** @enum {string} */
                                kyc_status: "pending" | "submitted" | "approved" | "rejected";
                                balance: number;
                                created_at: string;
                                two_factor_enabled: boolean;
                                two_factor_setup_required: boolean;
                            };
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password, and `totp` when the account has two-factor on (without it: 401 with two_factor_required) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                        totp?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                                is_admin: boolean;
                                is_active: boolean;
                                /** @enum {string} */
                                kyc_status: "pending" | "submitted" | "approved" | "rejected";
                                balance: number;
                                created_at: string;
                                two_factor_enabled: boolean;
                                two_factor_setup_required: boolean;
                            };
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            full_name: string;
                            email: string;
                            is_admin: boolean;
                            is_active: boolean;
                            /** @enum {string} */
                            kyc_status: "pending" | "submitted" | "approved" | "rejected";
                            balance: number;
                            created_at: string;
                            two_factor_enabled: boolean;
                            two_factor_setup_required: boolean;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password (the current one is asked again); every other session ends */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        current_password: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessions_ended: number;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/logins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest 50 logins to the account, newest first: when, from where, and why a refused one was refused */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            created_at: string;
                            ip: string;
                            user_agent: string;
                            success: boolean;
                            failure: ("wrong_password" | "account_suspended" | "two_factor_required" | "invalid_two_factor_code" | "too_many_attempts") | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the caller's session: its token stops working and its sockets close */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's signed-in sessions, the most recently seen first; `current` marks the caller's */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            created_at: string;
                            last_seen_at: string;
                            ip: string;
                            user_agent: string;
                            current: boolean;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of the caller's sessions ("log out that device"): its token stops working at once */
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
                /** @description Success */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the caller's two-factor authentication is on, and how many recovery codes are left */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled: boolean;
                            recovery_codes_left: number;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/2fa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new TOTP secret and its otpauth:// URL (for a QR code); it counts once enabled with a code from it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            secret: string;
                            otpauth_url: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/2fa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor on with a code from the secret set up; answers ten one-time recovery codes, shown once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recovery_codes: string[];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Turn two-factor off: needs a current code or a recovery code (`code`, or `totp` in the query or body) */
        post: {
            parameters: {
                query?: {
                    code?: string;
                    totp?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        code?: string;
                        totp?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled: boolean;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/user/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's available dollars */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            balance: number;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/user/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every asset with what is available, locked (held for orders and withdrawals) and the total */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            asset: string;
                            available: number;
                            locked: number;
                            total: number;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every asset's total, available and in orders, its dollar value, average cost and PnL, and the portfolio's value and Today's PnL (since 00:00 UTC, net of transfers); exact decimal strings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            assets: {
                                asset: string;
                                /** @description exact decimal: available + in_orders + withdrawing */
                                total: string;
                                /** @description exact decimal: free to spend */
                                available: string;
                                /** @description exact decimal: held by open orders */
                                in_orders: string;
                                /** @description exact decimal: held by pending withdrawals (USD only) */
                                withdrawing: string;
                                /** @description exact decimal: one unit in dollars now */
                                price_usd: string;
                                /** @description exact decimal: total x price_usd */
                                value_usd: string;
                                average_cost: string | null;
                                pnl: string | null;
                            }[];
                            portfolio: {
                                /** @description exact decimal: every asset at its price now */
                                value_usd: string;
                                /** @description 00:00 UTC today, where Today's PnL counts from */
                                day_start: string;
                                /** @description exact decimal: what was held at day_start, at the prices then */
                                day_start_value_usd: string;
                                /** @description exact decimal: deposits less withdrawals (and Earn's moves) since day_start, at today's prices */
                                net_transfers_usd: string;
                                /** @description exact decimal: value_usd - day_start_value_usd - net_transfers_usd */
                                today_pnl: string;
                                today_pnl_percent: string | null;
                            };
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/fee-tiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fee schedule: each tier by 30-day traded value (USD) with its maker and taker rates */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            min_volume_30d: number;
                            maker_rate: string;
                            taker_rate: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/fee-tier": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's fee tier, its 30-day traded value and the rates it pays (a market's own rates are the floor) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tier: string;
                            volume_30d: number;
                            maker_rate: string;
                            taker_rate: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/deposit/reference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's deposit reference, to put on bank transfers (the same for every deposit) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deposit_reference: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/deposit/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a deposit (pending until an admin approves it) */
        post: {
            parameters: {
                query: {
                    amount: number | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        amount: number | string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/deposit/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's deposits, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/withdraw/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a withdrawal (holds the amount); with two-factor on, `totp` is needed too */
        post: {
            parameters: {
                query: {
                    amount: number | string;
                    totp?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        amount: number | string;
                        totp?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/withdraw/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's withdrawals, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/earn/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Earn products on offer (open or paused; closed ones are not listed) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            /** @description A fraction a year, as a decimal string: "0.052" is 5.2% */
                            apy: string;
                            /** @description Days a locked product holds its positions; null when flexible */
                            term_days: number | null;
                            min_amount: string;
                            /** @enum {string} */
                            status: "open" | "paused" | "closed";
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/earn/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Place an amount in an open product, taken from the caller's available balance of its asset */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        product_id: string;
                        amount: number | string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            product_id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            apy: string;
                            amount: string;
                            /** @enum {string} */
                            status: "active" | "redeemed" | "matured";
                            /** @description Interest credited to the position so far */
                            accrued: string;
                            started_at: string;
                            matures_at: string | null;
                            closed_at: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/earn/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's Earn positions, newest first, with the interest credited to each */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            product_id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            apy: string;
                            amount: string;
                            /** @enum {string} */
                            status: "active" | "redeemed" | "matured";
                            /** @description Interest credited to the position so far */
                            accrued: string;
                            started_at: string;
                            matures_at: string | null;
                            closed_at: string | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/earn/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay a position back with its interest: a flexible one at once; a locked one only at maturity (409 before), when it is also paid back by itself */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        position_id: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            product_id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            apy: string;
                            amount: string;
                            /** @enum {string} */
                            status: "active" | "redeemed" | "matured";
                            /** @description Interest credited to the position so far */
                            accrued: string;
                            started_at: string;
                            matures_at: string | null;
                            closed_at: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/referral": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's referral code and link, how many traders registered with it, and the commissions earned */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                            link: string;
                            referred_count: number;
                            earned: string;
                            commission_rate: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/referral/commissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The commissions paid to the caller, newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            trade_id: string;
                            /** @enum {string} */
                            side: "maker" | "taker";
                            referee: string;
                            symbol: string;
                            fee: string;
                            rate: string;
                            commission: string;
                            traded_at: string;
                            paid_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/kyc/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit an identity document (base64 JPEG, PNG, WebP or PDF, at most 10 MB) */
        post: {
            parameters: {
                query: {
                    document_type: "passport" | "id_card" | "drivers_license";
                    document_data: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        document_type: "passport" | "id_card" | "drivers_license";
                        document_data: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            document_type: string;
                            status: string;
                            submitted_at: string;
                            admin_notes: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/kyc/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's KYC status and the notes of the last answer */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            admin_notes: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/kyc/{id}/document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The document of a KYC submission, with its content type */
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
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/bank-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bank accounts to send deposits to (active ones) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            bank_name: string;
                            account_number: string;
                            account_holder: string;
                            is_active: boolean;
                            created_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/bank-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every bank account, active or not */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            bank_name: string;
                            account_number: string;
                            account_holder: string;
                            is_active: boolean;
                            created_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/bank-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a bank account (active) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bank_name: string;
                        account_number: string;
                        account_holder: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            bank_name: string;
                            account_number: string;
                            account_holder: string;
                            is_active: boolean;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/bank-account/{id}/toggle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activate an inactive bank account, or deactivate an active one */
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
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            bank_name: string;
                            account_number: string;
                            account_holder: string;
                            is_active: boolean;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/bank-account/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a bank account */
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
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            bank_name: string;
                            account_number: string;
                            account_holder: string;
                            is_active: boolean;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's API keys in use, newest first (without their secrets) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            label: string;
                            api_key: string;
                            permissions: ("read" | "trade")[];
                            ip_allowlist: string[];
                            created_at: string;
                            last_used_at: string | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Create an API key for the Binance-compatible API (/api/v3); its secret is in this answer only, never shown again. With two-factor on, `totp` is needed too */
        post: {
            parameters: {
                query?: {
                    totp?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        label: string;
                        permissions: ("read" | "trade")[];
                        ip_allowlist?: string[];
                        totp?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            label: string;
                            api_key: string;
                            permissions: ("read" | "trade")[];
                            ip_allowlist: string[];
                            created_at: string;
                            last_used_at: string | null;
                            secret: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/account/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of the caller's API keys: no request signed with it is accepted from then on */
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
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            label: string;
                            api_key: string;
                            permissions: ("read" | "trade")[];
                            ip_allowlist: string[];
                            created_at: string;
                            last_used_at: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users with their dollar balance and KYC status, newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            full_name: string;
                            email: string;
                            is_admin: boolean;
                            is_active: boolean;
                            kyc_status: string;
                            balance: number;
                            created_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/user/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend a trader: their tokens stop working, their sockets close and their open orders are cancelled, at once */
        post: {
            parameters: {
                query: {
                    user_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        user_id: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            full_name: string;
                            email: string;
                            is_admin: boolean;
                            is_active: boolean;
                            kyc_status: string;
                            balance: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/user/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reactivate a suspended trader */
        post: {
            parameters: {
                query: {
                    user_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        user_id: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            full_name: string;
                            email: string;
                            is_admin: boolean;
                            is_active: boolean;
                            kyc_status: string;
                            balance: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The counters of the admin page */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total_users: number;
                            pending_deposits: number;
                            pending_withdrawals: number;
                            pending_kyc: number;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Administrators' decisions (who, what, when, notes), newest first, by actor, action and days (UTC); the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    from?: string;
                    to?: string;
                    actor?: string;
                    action?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            admin_id: string;
                            admin: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                            action: string;
                            target_type: string;
                            /** Format: uuid */
                            target_id: string;
                            notes: string | null;
                            created_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log entries the filters of GET /admin/audit select, oldest first, as a CSV file */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    actor?: string;
                    action?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/ledger/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recomputes every account from the ledger: mismatches, and per-asset totals that must sum to zero */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            mismatches: {
                                /** Format: uuid */
                                account_id: string;
                                asset: string;
                                /** @enum {string} */
                                bucket: "available" | "locked";
                                balance: string;
                                ledger: string;
                            }[];
                            /** @description System accounts that hold for a domain (Earn) whose balance is not what the domain's rows hold */
                            held: {
                                system: string;
                                asset: string;
                                balance: string;
                                held: string;
                            }[];
                            /** @description Payments a domain recorded (referral commissions) whose total is not what the journal's postings of that reason moved */
                            paid: {
                                reason: string;
                                asset: string;
                                journal: string;
                                recorded: string;
                            }[];
                            totals: {
                                asset: string;
                                users: string;
                                system: string;
                                total: string;
                            }[];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/ledger/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The journal entries of the days from..to (UTC, both included) in the order they were written, as a CSV file */
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
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The deposit and withdrawal limits in force: per request, per user per day (UTC), pending at once */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deposit: {
                                max_amount: string;
                                daily_amount: string;
                                max_pending: number;
                            };
                            withdrawal: {
                                max_amount: string;
                                daily_amount: string;
                                max_pending: number;
                            };
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        /** Changes any of the limits (0: no limit); each change is in the audit log and in force in every process */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        deposit?: {
                            max_amount?: number | string;
                            daily_amount?: number | string;
                            max_pending?: number;
                        };
                        withdrawal?: {
                            max_amount?: number | string;
                            daily_amount?: number | string;
                            max_pending?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deposit: {
                                max_amount: string;
                                daily_amount: string;
                                max_pending: number;
                            };
                            withdrawal: {
                                max_amount: string;
                                daily_amount: string;
                                max_pending: number;
                            };
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's account, balances of every asset, KYC status with the latest submission, fee tier and referrals */
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
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            full_name: string;
                            email: string;
                            is_admin: boolean;
                            is_active: boolean;
                            created_at: string;
                            balances: {
                                asset: string;
                                available: string;
                                locked: string;
                            }[];
                            kyc: {
                                status: string;
                                latest: {
                                    /** Format: uuid */
                                    id: string;
                                    document_type: string;
                                    status: string;
                                    submitted_at: string;
                                    admin_notes: string | null;
                                } | null;
                            };
                            fee_tier: {
                                tier: string | null;
                                volume_30d: number;
                            };
                            referral: {
                                code: string;
                                referred_by: {
                                    /** Format: uuid */
                                    id: string;
                                    email: string;
                                } | null;
                                referred_count: number;
                                earned: string;
                            };
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/users/{id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trader's open orders, newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number | null;
                            stop_price: number | null;
                            amount: number;
                            filled: number;
                            average_price: number | null;
                            /** @enum {string} */
                            status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                            /** @enum {string} */
                            time_in_force: "GTC" | "IOC" | "FOK";
                            trailing_delta: number | null;
                            list_id: number | null;
                            created_at: string;
                            fills?: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number;
                                amount: number;
                                fee: number;
                                fee_asset: string;
                                total: number;
                                created_at: string;
                                order_id: string;
                            }[];
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/users/{id}/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trader's trades, newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number;
                            amount: number;
                            fee: number;
                            fee_asset: string;
                            total: number;
                            created_at: string;
                            order_id: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/users/{id}/funding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trader's deposits and withdrawals, newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                            kind: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trader's live sessions, newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            created_at: string;
                            last_seen_at: string;
                            ip: string;
                            user_agent: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every trader's deposits: pending ones first, the oldest first, then decided ones, the newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "pending" | "approved" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                            deposit_reference: string | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/deposit/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending deposit */
        post: {
            parameters: {
                query: {
                    deposit_id: string;
                    admin_notes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        deposit_id: string;
                        admin_notes?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                            deposit_reference: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/deposit/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending deposit */
        post: {
            parameters: {
                query: {
                    deposit_id: string;
                    admin_notes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        deposit_id: string;
                        admin_notes?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                            deposit_reference: string | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every trader's withdrawals: pending ones first, the oldest first, then decided ones, the newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "pending" | "approved" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/withdrawal/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending withdrawal */
        post: {
            parameters: {
                query: {
                    withdrawal_id: string;
                    admin_notes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        withdrawal_id: string;
                        admin_notes?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/withdrawal/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending withdrawal */
        post: {
            parameters: {
                query: {
                    withdrawal_id: string;
                    admin_notes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        withdrawal_id: string;
                        admin_notes?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            status: string;
                            created_at: string;
                            admin_notes: string | null;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** KYC submissions: pending ones first, the oldest first, then decided ones, the newest first; the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "pending" | "approved" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            document_type: string;
                            status: string;
                            submitted_at: string;
                            admin_notes: string | null;
                            document_url: string;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/kyc/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending KYC submission */
        post: {
            parameters: {
                query: {
                    kyc_id: string;
                    admin_notes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        kyc_id: string;
                        admin_notes?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            document_type: string;
                            status: string;
                            submitted_at: string;
                            admin_notes: string | null;
                            document_url: string;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/kyc/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending KYC submission */
        post: {
            parameters: {
                query: {
                    kyc_id: string;
                    admin_notes?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        kyc_id: string;
                        admin_notes?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            document_type: string;
                            status: string;
                            submitted_at: string;
                            admin_notes: string | null;
                            document_url: string;
                            user: {
                                /** Format: uuid */
                                id: string;
                                full_name: string;
                                email: string;
                            } | null;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every listed market (book markets and forex pairs) with its status and fee rates, in listing order */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            kind: "book" | "forex";
                            name: string;
                            base_asset: string;
                            tick_size: string;
                            lot_size: string;
                            min_notional: string;
                            reference_price: string;
                            /** @enum {string} */
                            status: "trading" | "cancel_only" | "halted";
                            maker_fee_rate: string;
                            taker_fee_rate: string;
                            /** @description The fee rates are the venue's defaults (MAKER_FEE_RATE, TAKER_FEE_RATE) */
                            default_fees: boolean;
                            listed_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** List a new USDT pair: its book opens at once, the market maker quotes it, every list shows it; fees are the venue's defaults */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        symbol: string;
                        base_asset: string;
                        tick_size: string;
                        lot_size: string;
                        min_notional: string;
                        reference_price: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            kind: "book" | "forex";
                            name: string;
                            base_asset: string;
                            tick_size: string;
                            lot_size: string;
                            min_notional: string;
                            reference_price: string;
                            /** @enum {string} */
                            status: "trading" | "cancel_only" | "halted";
                            maker_fee_rate: string;
                            taker_fee_rate: string;
                            /** @description The fee rates are the venue's defaults (MAKER_FEE_RATE, TAKER_FEE_RATE) */
                            default_fees: boolean;
                            listed_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/markets/{symbol}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a book market: status (halted and cancel_only refuse new orders, cancels still go through), fee rates, and tick size, lot size and minimum order value (only while its book holds no order) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    symbol: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status?: "trading" | "cancel_only" | "halted";
                        maker_fee_rate?: string;
                        taker_fee_rate?: string;
                        tick_size?: string;
                        lot_size?: string;
                        min_notional?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            kind: "book" | "forex";
                            name: string;
                            base_asset: string;
                            tick_size: string;
                            lot_size: string;
                            min_notional: string;
                            reference_price: string;
                            /** @enum {string} */
                            status: "trading" | "cancel_only" | "halted";
                            maker_fee_rate: string;
                            taker_fee_rate: string;
                            /** @description The fee rates are the venue's defaults (MAKER_FEE_RATE, TAKER_FEE_RATE) */
                            default_fees: boolean;
                            listed_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/admin/markets/{symbol}/cancel-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel every open order on a halted or cancel-only market, holds released (to empty its book before its tick or lot changes) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    symbol: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            canceled: number;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/admin/earn/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every Earn product, closed ones too, with the principal placed in it and the interest credited */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            /** @description A fraction a year, as a decimal string: "0.052" is 5.2% */
                            apy: string;
                            /** @description Days a locked product holds its positions; null when flexible */
                            term_days: number | null;
                            min_amount: string;
                            /** @enum {string} */
                            status: "open" | "paused" | "closed";
                            /** @description The principal of its active positions */
                            placed: string;
                            /** @description Interest credited to its positions so far, paid out or not */
                            interest_paid: string;
                            active_positions: number;
                            created_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Offer an Earn product: flexible (redeemed any time) or locked for term_days; open unless a status is given */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        asset: string;
                        /** @enum {string} */
                        kind: "flexible" | "locked";
                        apy: number | string;
                        term_days?: number | null;
                        min_amount: number | string;
                        /**
                         * @default open
                         * @enum {string}
                         */
                        status?: "open" | "paused" | "closed";
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            /** @description A fraction a year, as a decimal string: "0.052" is 5.2% */
                            apy: string;
                            /** @description Days a locked product holds its positions; null when flexible */
                            term_days: number | null;
                            min_amount: string;
                            /** @enum {string} */
                            status: "open" | "paused" | "closed";
                            /** @description The principal of its active positions */
                            placed: string;
                            /** @description Interest credited to its positions so far, paid out or not */
                            interest_paid: string;
                            active_positions: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        /** The same change, the product named by `id` in the body */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        status?: "open" | "paused" | "closed";
                        apy?: number | string;
                        min_amount?: number | string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            /** @description A fraction a year, as a decimal string: "0.052" is 5.2% */
                            apy: string;
                            /** @description Days a locked product holds its positions; null when flexible */
                            term_days: number | null;
                            min_amount: string;
                            /** @enum {string} */
                            status: "open" | "paused" | "closed";
                            /** @description The principal of its active positions */
                            placed: string;
                            /** @description Interest credited to its positions so far, paid out or not */
                            interest_paid: string;
                            active_positions: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/admin/earn/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a product's status, APY or minimum; positions already held keep their APY */
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
                    "application/json": {
                        /** @enum {string} */
                        status?: "open" | "paused" | "closed";
                        apy?: number | string;
                        min_amount?: number | string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            asset: string;
                            /** @enum {string} */
                            kind: "flexible" | "locked";
                            /** @description A fraction a year, as a decimal string: "0.052" is 5.2% */
                            apy: string;
                            /** @description Days a locked product holds its positions; null when flexible */
                            term_days: number | null;
                            min_amount: string;
                            /** @enum {string} */
                            status: "open" | "paused" | "closed";
                            /** @description The principal of its active positions */
                            placed: string;
                            /** @description Interest credited to its positions so far, paid out or not */
                            interest_paid: string;
                            active_positions: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/admin/fee-tiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fee tiers, by ascending 30-day volume */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            min_volume_30d: number;
                            maker_rate: string;
                            taker_rate: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        /** Replaces the fee tiers (names unique, one at volume 0, volumes ascending); every trader is placed again at once */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tiers: {
                            name: string;
                            min_volume_30d: number | string;
                            maker_rate: string;
                            taker_rate: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            min_volume_30d: number;
                            maker_rate: string;
                            taker_rate: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trading/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Place an order: holds its funds, matches, settles fills with fees; answers the order with its fills */
        post: {
            parameters: {
                query: {
                    symbol: string;
                    side: "buy" | "sell";
                    type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                    amount: number | string;
                    price?: (number | string) | null;
                    stop_price?: (number | string) | null;
                    time_in_force?: "GTC" | "IOC" | "FOK";
                    post_only?: boolean;
                    trailing_delta?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        symbol: string;
                        /** @enum {string} */
                        side: "buy" | "sell";
                        /** @enum {string} */
                        type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                        amount: number | string;
                        price?: (number | string) | null;
                        stop_price?: (number | string) | null;
                        /** @enum {string} */
                        time_in_force?: "GTC" | "IOC" | "FOK";
                        post_only?: boolean;
                        trailing_delta?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number | null;
                            stop_price: number | null;
                            amount: number;
                            filled: number;
                            average_price: number | null;
                            /** @enum {string} */
                            status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                            /** @enum {string} */
                            time_in_force: "GTC" | "IOC" | "FOK";
                            trailing_delta: number | null;
                            list_id: number | null;
                            created_at: string;
                            fills?: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number;
                                amount: number;
                                fee: number;
                                fee_asset: string;
                                total: number;
                                created_at: string;
                                order_id: string;
                            }[];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        /** Cancel an open order (body or query order_id); what it still holds is released */
        delete: {
            parameters: {
                query: {
                    order_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        order_id: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number | null;
                            stop_price: number | null;
                            amount: number;
                            filled: number;
                            average_price: number | null;
                            /** @enum {string} */
                            status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                            /** @enum {string} */
                            time_in_force: "GTC" | "IOC" | "FOK";
                            trailing_delta: number | null;
                            list_id: number | null;
                            created_at: string;
                            fills?: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number;
                                amount: number;
                                fee: number;
                                fee_asset: string;
                                total: number;
                                created_at: string;
                                order_id: string;
                            }[];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Edit an open order's amount (filled part included) or limit price: a smaller amount at the same price keeps its place in the queue; otherwise it is cancelled and its rest placed anew (nothing placed if the cancel fails); answers the resulting order */
        patch: {
            parameters: {
                query: {
                    amount?: number | string;
                    price?: (number | string) | null;
                    order_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        amount?: number | string;
                        price?: (number | string) | null;
                        order_id: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number | null;
                            stop_price: number | null;
                            amount: number;
                            filled: number;
                            average_price: number | null;
                            /** @enum {string} */
                            status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                            /** @enum {string} */
                            time_in_force: "GTC" | "IOC" | "FOK";
                            trailing_delta: number | null;
                            list_id: number | null;
                            created_at: string;
                            fills?: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number;
                                amount: number;
                                fee: number;
                                fee_asset: string;
                                total: number;
                                created_at: string;
                                order_id: string;
                            }[];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/trading/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel all the caller's open orders, of one symbol (body or query symbol) or every one; answers those it cancelled */
        delete: {
            parameters: {
                query?: {
                    symbol?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        symbol?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            canceled: number;
                            orders: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number | null;
                                stop_price: number | null;
                                amount: number;
                                filled: number;
                                average_price: number | null;
                                /** @enum {string} */
                                status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                                /** @enum {string} */
                                time_in_force: "GTC" | "IOC" | "FOK";
                                trailing_delta: number | null;
                                list_id: number | null;
                                created_at: string;
                                fills?: {
                                    id: string;
                                    symbol: string;
                                    /** @enum {string} */
                                    side: "buy" | "sell";
                                    price: number;
                                    amount: number;
                                    fee: number;
                                    fee_asset: string;
                                    total: number;
                                    created_at: string;
                                    order_id: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trading/orders/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's open orders, newest first, filtered by symbol, side, type and days (from, to); a page at a time, the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    from?: string;
                    to?: string;
                    symbol?: string;
                    side?: "buy" | "sell";
                    type?: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number | null;
                            stop_price: number | null;
                            amount: number;
                            filled: number;
                            average_price: number | null;
                            /** @enum {string} */
                            status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                            /** @enum {string} */
                            time_in_force: "GTC" | "IOC" | "FOK";
                            trailing_delta: number | null;
                            list_id: number | null;
                            created_at: string;
                            fills?: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number;
                                amount: number;
                                fee: number;
                                fee_asset: string;
                                total: number;
                                created_at: string;
                                order_id: string;
                            }[];
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trading/orders/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's closed orders, newest first, with average price and executed amount; filtered and paged as the open orders */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    from?: string;
                    to?: string;
                    symbol?: string;
                    side?: "buy" | "sell";
                    type?: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number | null;
                            stop_price: number | null;
                            amount: number;
                            filled: number;
                            average_price: number | null;
                            /** @enum {string} */
                            status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                            /** @enum {string} */
                            time_in_force: "GTC" | "IOC" | "FOK";
                            trailing_delta: number | null;
                            list_id: number | null;
                            created_at: string;
                            fills?: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number;
                                amount: number;
                                fee: number;
                                fee_asset: string;
                                total: number;
                                created_at: string;
                                order_id: string;
                            }[];
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trading/orders/open/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The orders GET /trading/orders/open selects with the same filters, oldest first, as a CSV file */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    symbol?: string;
                    side?: "buy" | "sell";
                    type?: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trading/orders/history/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The orders GET /trading/orders/history selects with the same filters, oldest first, as a CSV file */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    symbol?: string;
                    side?: "buy" | "sell";
                    type?: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trading/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's fills, newest first: side, fee and order from the caller's point of view; filtered by symbol, side and days, paged, the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    from?: string;
                    to?: string;
                    symbol?: string;
                    side?: "buy" | "sell";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            side: "buy" | "sell";
                            price: number;
                            amount: number;
                            fee: number;
                            fee_asset: string;
                            total: number;
                            created_at: string;
                            order_id: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trading/order-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Place an order list, all or nothing: oco (two orders, one ending the other), oto (a working order, then a pending one placed once it has filled) or otoco */
        post: {
            parameters: {
                query: {
                    symbol: string;
                    kind: "oco" | "oto" | "otoco";
                    orders: {
                        /** @enum {string} */
                        side: "buy" | "sell";
                        /** @enum {string} */
                        type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                        amount: number | string;
                        price?: (number | string) | null;
                        stop_price?: (number | string) | null;
                        /** @enum {string} */
                        time_in_force?: "GTC" | "IOC" | "FOK";
                        post_only?: boolean;
                        trailing_delta?: number;
                    }[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        symbol: string;
                        /** @enum {string} */
                        kind: "oco" | "oto" | "otoco";
                        orders: {
                            /** @enum {string} */
                            side: "buy" | "sell";
                            /** @enum {string} */
                            type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                            amount: number | string;
                            price?: (number | string) | null;
                            stop_price?: (number | string) | null;
                            /** @enum {string} */
                            time_in_force?: "GTC" | "IOC" | "FOK";
                            post_only?: boolean;
                            trailing_delta?: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            symbol: string;
                            /** @enum {string} */
                            kind: "oco" | "oto" | "otoco";
                            /** @enum {string} */
                            status: "executing" | "all_done";
                            orders: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number | null;
                                stop_price: number | null;
                                amount: number;
                                filled: number;
                                average_price: number | null;
                                /** @enum {string} */
                                status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                                /** @enum {string} */
                                time_in_force: "GTC" | "IOC" | "FOK";
                                trailing_delta: number | null;
                                list_id: number | null;
                                created_at: string;
                                fills?: {
                                    id: string;
                                    symbol: string;
                                    /** @enum {string} */
                                    side: "buy" | "sell";
                                    price: number;
                                    amount: number;
                                    fee: number;
                                    fee_asset: string;
                                    total: number;
                                    created_at: string;
                                    order_id: string;
                                }[];
                            }[];
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        /** Cancel every open order of an order list (body or query list_id); what they hold is released */
        delete: {
            parameters: {
                query: {
                    list_id: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        list_id: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            symbol: string;
                            /** @enum {string} */
                            kind: "oco" | "oto" | "otoco";
                            /** @enum {string} */
                            status: "executing" | "all_done";
                            orders: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number | null;
                                stop_price: number | null;
                                amount: number;
                                filled: number;
                                average_price: number | null;
                                /** @enum {string} */
                                status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                                /** @enum {string} */
                                time_in_force: "GTC" | "IOC" | "FOK";
                                trailing_delta: number | null;
                                list_id: number | null;
                                created_at: string;
                                fills?: {
                                    id: string;
                                    symbol: string;
                                    /** @enum {string} */
                                    side: "buy" | "sell";
                                    price: number;
                                    amount: number;
                                    fee: number;
                                    fee_asset: string;
                                    total: number;
                                    created_at: string;
                                    order_id: string;
                                }[];
                            }[];
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trading/order-lists/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's open order lists, every symbol, with their orders */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            symbol: string;
                            /** @enum {string} */
                            kind: "oco" | "oto" | "otoco";
                            /** @enum {string} */
                            status: "executing" | "all_done";
                            orders: {
                                id: string;
                                symbol: string;
                                /** @enum {string} */
                                type: "limit" | "market" | "stop_limit" | "stop_market" | "take_profit_limit" | "take_profit";
                                /** @enum {string} */
                                side: "buy" | "sell";
                                price: number | null;
                                stop_price: number | null;
                                amount: number;
                                filled: number;
                                average_price: number | null;
                                /** @enum {string} */
                                status: "new" | "partially_filled" | "filled" | "canceled" | "rejected" | "expired" | "waiting" | "pending_new";
                                /** @enum {string} */
                                time_in_force: "GTC" | "IOC" | "FOK";
                                trailing_delta: number | null;
                                list_id: number | null;
                                created_at: string;
                                fills?: {
                                    id: string;
                                    symbol: string;
                                    /** @enum {string} */
                                    side: "buy" | "sell";
                                    price: number;
                                    amount: number;
                                    fee: number;
                                    fee_asset: string;
                                    total: number;
                                    created_at: string;
                                    order_id: string;
                                }[];
                            }[];
                            created_at: string;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/market/ticker": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 24-hour statistics of one market */
        get: {
            parameters: {
                query: {
                    symbol: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            symbol: string;
                            last_price: number;
                            price_change: number;
                            price_change_percent: number;
                            high: number;
                            low: number;
                            volume: number;
                            quote_volume: number;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/market/tickers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 24-hour statistics of every market */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            symbol: string;
                            last_price: number;
                            price_change: number;
                            price_change_percent: number;
                            high: number;
                            low: number;
                            volume: number;
                            quote_volume: number;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/market/depth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Order book levels: [price, quantity], best first; last_update_id is the book's update id they are as of, which the market room's depth updates continue from */
        get: {
            parameters: {
                query: {
                    symbol: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            last_update_id: number;
                            bids: [
                                number,
                                number
                            ][];
                            asks: [
                                number,
                                number
                            ][];
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/market/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent trades, newest first */
        get: {
            parameters: {
                query: {
                    symbol: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            price: number;
                            quantity: number;
                            time: number;
                            is_buyer_maker: boolean;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/market/klines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OHLCV candles, oldest first; time is the bucket opening in ms */
        get: {
            parameters: {
                query: {
                    symbol: string;
                    interval?: "1m" | "5m" | "15m" | "30m" | "1h" | "4h" | "1d";
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            time: number;
                            open: number;
                            high: number;
                            low: number;
                            close: number;
                            volume: number;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/market/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prices of the simple screen, crypto markets and forex pairs: the reference, and the house desk's bid (sells fill there) and ask (buys fill there) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            symbol: string;
                            name: string;
                            price: number;
                            /** @description Null while the desk buys nothing: its bid would round to 0 at the tick */
                            bid: number | null;
                            ask: number;
                            /** @enum {string} */
                            kind: "crypto" | "forex";
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Buy at the house desk's ask or sell at its bid, at once (the price the trader saw must be within 1% of it) */
        post: {
            parameters: {
                query: {
                    symbol: string;
                    trade_type: "buy" | "sell";
                    amount: number | string;
                    price: number | string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        symbol: string;
                        /** @enum {string} */
                        trade_type: "buy" | "sell";
                        amount: number | string;
                        price: number | string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "buy" | "sell";
                            amount: number;
                            price: number;
                            total: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trade/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's executions, newest first: instant trades and order fills (total = price x amount), each with its kind, and a fill with its order and fee; filtered by symbol, side, kind and days (from, to), 100 a page unless asked, the total in X-Total-Count */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    from?: string;
                    to?: string;
                    symbol?: string;
                    side?: "buy" | "sell";
                    kind?: "fill" | "desk";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            symbol: string;
                            /** @enum {string} */
                            type: "buy" | "sell";
                            amount: number;
                            price: number;
                            total: number;
                            created_at: string;
                            /** @enum {string} */
                            kind: "fill" | "desk";
                            order_id: string | null;
                            fee: number | null;
                        }[];
                    };
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
    "/api/trade/history/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trades GET /trade/history selects with the same filters, oldest first, as a CSV file */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    symbol?: string;
                    side?: "buy" | "sell";
                    kind?: "fill" | "desk";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
