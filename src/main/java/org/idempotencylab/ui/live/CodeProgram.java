package org.idempotencylab.ui.live;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.idempotencylab.scenario.Strategy;
import org.idempotencylab.scenario.Workflow;

/**
 * The code panel's program: the pseudo-code that decides each step, read from {@code program.txt} beside this
 * class (data, not code: one part per piece of a strategy) and composed for a strategy as its retry part
 * ({@code retry.<scope>}), its store part ({@code store.<store>}) and its email key part
 * ({@code key.<key mode>}), in that order. The parts come from the first article (the retry scopes, the
 * in-memory store's {@code once}, the provider's key), the second article (the {@code processed_jobs} claim with
 * a lease) and sidekiq-unique-jobs (the lock). Plain Java, no toolkit.
 */
final class CodeProgram {
    /** A line no event lights. */
    static final String UNLIT = "-";

    /** One line of the program: the id {@link CodeMap} lights it by ({@link #UNLIT} for none), and its text. */
    record Line(String id, String text) {
    }

    private static final Map<String, List<Line>> PARTS = read("program.txt");

    private CodeProgram() {
    }

    /**
     * @return the program {@code strategy} runs: its retry part, its store part and its key part, 15 to 25 lines
     * @throws IllegalStateException if {@code program.txt} lacks a part the strategy needs
     */
    static List<Line> compose(Strategy strategy) {
        return compose(strategy, Workflow.SIGNUP);
    }

    /**
     * As {@link #compose(Strategy)} for a run of {@code flow}: the sign-up's program as written; another workflow's
     * names its own steps where the sign-up's names the welcome email and the sign-up ({@link #named}).
     *
     * @throws IllegalStateException if {@code program.txt} lacks a part the strategy needs
     */
    static List<Line> compose(Strategy strategy, Workflow flow) {
        List<Line> lines = new ArrayList<>();
        lines.addAll(part("retry." + strategy.scope().cliName()));
        lines.addAll(part(StoreLook.of(strategy.store()).part()));
        lines.addAll(part("key." + strategy.keyMode().cliName()));
        return flow.equals(Workflow.SIGNUP) ? List.copyOf(lines) : named(lines, flow);
    }

    /**
     * @return {@code lines} with the workflow's names: the provider's call {@code sendWelcomeEmail(user)} becomes
     *         the step that sends a key ({@code chargeTheCard(user)}, its key {@code charge-the-card:user}), or,
     *         with several, {@code callProvider(step, user)} for each of them, named on the line after; the lock's
     *         {@code signup:user} the workflow's name ({@code checkout:user})
     */
    private static List<Line> named(List<Line> lines, Workflow flow) {
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < flow.size(); i++) {
            if (flow.step(i).providerKey()) {
                calls.add(flow.step(i).name());
            }
        }
        if (calls.isEmpty() && flow.keyStep() >= 0) { // no step sends a key: the provider's step all the same
            calls.add(flow.step(flow.keyStep()).name());
        }
        boolean one = calls.size() == 1;
        String call = one ? camel(calls.get(0)) : "callProvider";
        String key = one ? kebab(calls.get(0)) : "step";
        List<Line> out = new ArrayList<>();
        for (Line l : lines) {
            String text = l.text().replace("signup:user", kebab(flow.name()) + ":user")
                    .replace("welcome-email:", key + ":");
            boolean header = text.contains("sendWelcomeEmail(");
            text = text.replace("sendWelcomeEmail(", one || calls.isEmpty() ? call + "(" : call + "(step, ");
            out.add(new Line(l.id(), text));
            if (header && calls.size() > 1) {
                out.add(new Line(UNLIT, "  for step in: " + String.join(", ", calls)));
            }
        }
        return List.copyOf(out);
    }

    /** @return {@code name} as a function's name: "charge the card" is {@code chargeTheCard} */
    static String camel(String name) {
        StringBuilder b = new StringBuilder();
        for (String w : name.strip().split("[^\\p{Alnum}]+")) {
            if (!w.isEmpty()) {
                b.append(b.length() == 0 ? w.toLowerCase(Locale.ROOT)
                        : Character.toUpperCase(w.charAt(0)) + w.substring(1).toLowerCase(Locale.ROOT));
            }
        }
        return b.length() == 0 ? "step" : b.toString();
    }

    /** @return {@code name} as a key's prefix: "charge the card" is {@code charge-the-card} */
    static String kebab(String name) {
        String k = name.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{Alnum}]+", "-").replaceAll("^-|-$", "");
        return k.isEmpty() ? "step" : k;
    }

    /** @return the index of the first line of {@code program} with {@code id}, or -1 (none, or null). */
    static int indexOf(List<Line> program, String id) {
        if (id == null) {
            return -1;
        }
        for (int i = 0; i < program.size(); i++) {
            if (program.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    private static List<Line> part(String name) {
        List<Line> part = PARTS.get(name);
        if (part == null) {
            throw new IllegalStateException("program.txt has no part [" + name + "]");
        }
        return part;
    }

    /**
     * Reads the parts: {@code [name]} starts one, {@code <id> | <text>} is a line of it (its text as written after
     * "| "), {@code #} starts a comment, blank lines are skipped.
     */
    static Map<String, List<Line>> read(String resource) {
        Map<String, List<Line>> parts = new LinkedHashMap<>();
        try (InputStream in = CodeProgram.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + resource + " beside " + CodeProgram.class);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<Line> current = null;
            int number = 0;
            for (String s = r.readLine(); s != null; s = r.readLine()) {
                number++;
                if (s.isBlank() || s.startsWith("#")) {
                    continue;
                }
                if (s.startsWith("[") && s.endsWith("]")) {
                    current = new ArrayList<>();
                    parts.put(s.substring(1, s.length() - 1), current);
                    continue;
                }
                int bar = s.indexOf('|');
                if (current == null || bar < 0) {
                    throw new IllegalStateException(resource + " line " + number + ": expected [part] or "
                            + "'<id> | <text>', was: " + s);
                }
                String text = s.substring(bar + 1);
                current.add(new Line(s.substring(0, bar).strip(), text.startsWith(" ") ? text.substring(1) : text));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        parts.replaceAll((k, v) -> List.copyOf(v));
        return parts;
    }
}
