package org.idempotencylab.scenario;

/** Which idempotency key the welcome-email step sends to the provider (article 1). */
public enum KeyMode implements Choice {
    /** No key: the provider sends an email on every call that reaches it. */
    NONE,
    /** A new key on every call: the provider never sees a key twice, so it protects nothing. */
    NEW_PER_CALL,
    /** The same key on every attempt, {@code welcome-email:<userId>}: the provider sends once per key. */
    SAME,
    /**
     * The request's own key, {@code welcome-email:user_<userId>:request_<n>}: every attempt and delivery of one
     * request sends the same key, and a repeated request (the client sent the sign-up again) carries a new one, as a
     * key minted per HTTP request does, so the provider sends once per request (Stripe: "a unique key ... per
     * request").
     */
    PER_REQUEST;
}
