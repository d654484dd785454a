package org.idempotencylab.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A scenario or lesson file's text: at most {@link #MAX_BYTES} long, UTF-8 (a UTF-8 byte order mark is dropped),
 * with no NUL character. Each refusal is one {@link ScenarioFileException} that names the size and the cap, or the
 * line, the column and the byte that is not UTF-8, or the encoding the file is in (UTF-16, UTF-32), in the words of
 * the kind of file read.
 */
final class ScenarioText {
    /** Most bytes a scenario or lesson file holds: 1 MiB. The presets are under 5 KiB; a larger file is a mistake. */
    static final int MAX_BYTES = 1 << 20;

    /** The kinds of file read as this text, named as the messages name them. */
    enum Kind {
        SCENARIO("a scenario file"), LESSON("a lesson file");

        /** e.g. "a lesson file" */
        final String words;

        Kind(String words) {
            this.words = words;
        }
    }

    private static final String SAVE_AS = "save the file as UTF-8";

    private ScenarioText() {
    }

    private static String cap(Kind kind) {
        return kind.words + " holds at most 1 MiB (" + grouped(MAX_BYTES) + " bytes)";
    }

    /** @return the refusal of a file of {@code bytes} bytes, more than {@link #MAX_BYTES} */
    static ScenarioFileException tooLarge(long bytes, Kind kind) {
        return new ScenarioFileException("file", "the file is " + grouped(bytes) + " bytes; " + cap(kind));
    }

    /**
     * @param kind what the file is, for the messages
     * @return the text of at most {@link #MAX_BYTES} bytes of {@code in} (not closed), read no further than one
     *         byte past the cap
     * @throws ScenarioFileException if there are more, or they are not UTF-8 text
     * @throws IOException           if reading fails
     */
    static String read(InputStream in, Kind kind) throws IOException {
        byte[] bytes = in.readNBytes(MAX_BYTES + 1);
        if (bytes.length > MAX_BYTES) {
            throw new ScenarioFileException("file", "the file is over " + grouped(MAX_BYTES) + " bytes; "
                    + cap(kind));
        }
        return decode(bytes, kind);
    }

    /**
     * @return at most {@link #MAX_BYTES} characters of {@code in} (not closed), read no further than one past
     * @throws ScenarioFileException if there are more, a NUL character, or {@code in} reports bytes that are not
     *                               its encoding
     * @throws IOException           if reading fails
     */
    static String read(Reader in) throws IOException {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        try {
            for (int n; sb.length() <= MAX_BYTES
                    && (n = in.read(buf, 0, Math.min(buf.length, MAX_BYTES + 1 - sb.length()))) > 0; ) {
                sb.append(buf, 0, n);
            }
        } catch (CharacterCodingException e) {
            // a Reader that reports bad bytes does not say where: the line it had reached is the best there is
            throw new ScenarioFileException("line " + (lineAt(sb, sb.length())), "not UTF-8 (a byte that is not "
                    + "UTF-8 on this line or the next); " + SAVE_AS);
        }
        if (sb.length() > MAX_BYTES) {
            throw new ScenarioFileException("file", "the text is over " + grouped(MAX_BYTES) + " characters; "
                    + cap(Kind.SCENARIO));
        }
        return checked(sb.toString(), Kind.SCENARIO);
    }

    /**
     * @return {@code bytes} as UTF-8 text, without a leading byte order mark
     * @throws ScenarioFileException naming UTF-32 or UTF-16 for its byte order mark or its NUL bytes, or the line
     *                               and column of the first byte that is not UTF-8
     */
    static String decode(byte[] bytes, Kind kind) {
        // UTF-32 first: its little-endian mark FF FE 00 00 begins with UTF-16's FF FE
        for (byte[] mark : List.of(UTF32_BE, UTF32_LE, UTF16_BE, UTF16_LE)) {
            if (bytes.length >= mark.length && Arrays.equals(bytes, 0, mark.length, mark, 0, mark.length)) {
                String encoding = mark.length == 4 ? "UTF-32" : "UTF-16";
                StringBuilder shown = new StringBuilder();
                for (byte b : mark) {
                    shown.append(shown.length() == 0 ? "" : " ").append(hex(b));
                }
                throw new ScenarioFileException("line 1", "not UTF-8: the file is " + encoding + " (it starts with "
                        + encoding + "'s byte order mark " + shown + "); " + SAVE_AS);
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length); // UTF-8 never gives more characters than bytes
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) {
            r = decoder.flush(out);
        }
        if (r.isError()) {
            int at = in.position(); // the first byte of the sequence that does not decode
            String before = new String(bytes, 0, at, StandardCharsets.UTF_8); // every byte before it is UTF-8
            if (before.indexOf('\0') >= 0) {
                return checked(before, kind); // UTF-16 shows itself by its NUL bytes before any bad sequence
            }
            int column = before.length() - before.lastIndexOf('\n');
            throw new ScenarioFileException("line " + lineAt(before, before.length()), "not UTF-8 (byte "
                    + hex(bytes[at]) + " at column " + column + "); " + SAVE_AS);
        }
        out.flip();
        return checked(out.toString(), kind);
    }

    /** @return {@code text} without a leading byte order mark, if it holds no NUL character */
    private static String checked(String text, Kind kind) {
        int nul = text.indexOf('\0');
        if (nul >= 0) {
            long nuls = text.chars().filter(c -> c == 0).count();
            if (nuls * 3 >= text.length() * 2L) {
                // ASCII saved as UTF-32 without a byte order mark: three bytes in every four are 0
                throw new ScenarioFileException("line 1", "not UTF-8: the file looks like UTF-32 (three bytes in "
                        + "every four are 0); " + SAVE_AS);
            }
            if (nuls * 4 >= text.length()) {
                // ASCII saved as UTF-16 without a byte order mark: every other byte is 0
                throw new ScenarioFileException("line 1", "not UTF-8: the file looks like UTF-16 (every other "
                        + "byte is 0); " + SAVE_AS);
            }
            String before = text.substring(0, nul);
            throw new ScenarioFileException("line " + lineAt(before, nul), "a NUL character (byte 0x00) at column "
                    + (nul - before.lastIndexOf('\n')) + "; " + kind.words + " is text, " + SAVE_AS);
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text; // a UTF-8 byte order mark, as some editors save
    }

    /** @return the 1-based line of {@code text} that {@code index} is on */
    static int lineAt(CharSequence text, int index) {
        int line = 1;
        for (int i = 0; i < index && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static final byte[] UTF32_BE = {0, 0, (byte) 0xFE, (byte) 0xFF};
    private static final byte[] UTF32_LE = {(byte) 0xFF, (byte) 0xFE, 0, 0};
    private static final byte[] UTF16_BE = {(byte) 0xFE, (byte) 0xFF};
    private static final byte[] UTF16_LE = {(byte) 0xFF, (byte) 0xFE};

    private static String hex(byte b) {
        return String.format(Locale.ROOT, "0x%02X", b & 0xFF);
    }

    static String grouped(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
