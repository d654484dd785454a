package org.idempotencylab.ui.live;

/**
 * One welcome email at the provider, as the live view draws it (first article: the provider sends one email per
 * key it has seen).
 *
 * @param user      who it was for
 * @param nth       1 for the user's first email, 2 for a duplicate, and so on; 0 if the provider sent nothing
 * @param atMs      virtual time, ms
 * @param replyLost the provider did its part but the caller never heard: it will retry
 */
public record Envelope(long user, int nth, long atMs, boolean replyLost) {
    /** @return true if this is a second (or later) email to the same user. */
    public boolean duplicate() {
        return nth > 1;
    }

    /** @return true if the provider knew the key and sent nothing. */
    public boolean suppressed() {
        return nth == 0;
    }

    /** @return the same envelope, marked as the one whose reply was lost. */
    Envelope withReplyLost() {
        return new Envelope(user, nth, atMs, true);
    }
}
