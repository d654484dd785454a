package org.idempotencylab.ui.live;

import java.util.ArrayList;
import java.util.List;
import org.idempotencylab.scenario.Workflow;
import org.idempotencylab.ui.Texts;

/**
 * The provider box's title, named by the steps that call it ({@link StationPainter#meetsProvider}): the sign-up's
 * "Email provider", a workflow's "Provider of "charge the card"", or its several steps' providers by name, and a
 * shorter generic form where their names do not fit. Plain Java, no toolkit.
 */
final class ProviderWords {
    private static final Texts TEXTS = Texts.of(ProviderWords.class);

    /**
     * A form of the title.
     *
     * @param title the title, with the click's hint
     * @param armed the title while the next reply is to be lost
     */
    record Title(String title, String armed) {
    }

    private ProviderWords() {
    }

    /**
     * @return the title's forms for a run of {@code flow}, the fullest first: the box takes the first whose words
     *         fit its width on one line, else the last (wrapped); never empty
     */
    static List<Title> titles(Workflow flow) {
        if (flow.equals(Workflow.SIGNUP)) {
            return List.of(new Title(TEXTS.get("canvas.provider"), TEXTS.get("canvas.providerArmed")));
        }
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < flow.size(); i++) {
            if (StationPainter.meetsProvider(flow, i)) {
                steps.add("\"" + flow.step(i).name() + "\"");
            }
        }
        if (steps.isEmpty()) { // every step is a local write or a call that never loses its reply
            return List.of(new Title(TEXTS.get("canvas.provider.none"), TEXTS.get("canvas.provider.none")));
        }
        String kind = steps.size() == 1 ? "one" : "many";
        String names = String.join(", ", steps);
        return List.of(new Title(TEXTS.format("canvas.provider." + kind, names),
                        TEXTS.format("canvas.providerArmed." + kind, names)),
                new Title(TEXTS.get("canvas.provider.any"), TEXTS.get("canvas.providerArmed.any")));
    }
}
