package org.idempotencylab.ui.live;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The live view and the key store know nothing of each other: the key store follows the run through
 * {@code ui.LiveRunListener}, and App connects them (docs/design.md: feature packages import none of each other).
 */
class FeatureIndependenceTest {
    private final JavaClasses classes = new ClassFileImporter().importPaths(classesOf("live"), classesOf("keystore"));

    /** @return the folder of the compiled classes of {@code ui.<feature>} (read directly: no class path scan). */
    private static Path classesOf(String feature) {
        try {
            Path root = Path.of(LiveViewModel.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return root.resolve("org/idempotencylab/ui/" + feature);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theLiveViewDoesNotKnowTheKeyStore() {
        noClasses().that().resideInAPackage("org.idempotencylab.ui.live..")
                .should().dependOnClassesThat().resideInAPackage("org.idempotencylab.ui.keystore..")
                .check(classes);
    }

    @Test
    void theKeyStoreDoesNotKnowTheLiveView() {
        noClasses().that().resideInAPackage("org.idempotencylab.ui.keystore..")
                .should().dependOnClassesThat().resideInAPackage("org.idempotencylab.ui.live..")
                .check(classes);
    }

    @Test
    void theLiveViewModelsRunWithoutTheToolkit() {
        // the view-models use javafx.beans and javafx.collections only: no scene graph, no controls
        noClasses().that().resideInAPackage("org.idempotencylab.ui.live..")
                // but the view itself
                .and().haveNameNotMatching(
                        ".*\\.(Live\\w*Controller|LiveFit|QueueCanvas|CodePanel|LaneStrip|CanvasInk|StatusLine|FittedText"
                        + "|QueueLayout|ColumnText|StationText|BottomRow|TokenPlacer|Marks|StageFolds|\\w+Painter)(\\$.*)?")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.animation..",
                        "javafx.fxml..", "org.controlsfx..")
                .check(classes);
    }

    @Test
    void theProjectionOfTheRunIsPlainJava() {
        noClasses().that().haveFullyQualifiedName(RunProjection.class.getName())
                .or().haveFullyQualifiedName(JobToken.class.getName())
                .or().haveFullyQualifiedName(Envelope.class.getName())
                .or().haveFullyQualifiedName(EventText.class.getName())
                .or().haveFullyQualifiedName(Template.class.getName())
                .or().haveFullyQualifiedName(CodeProgram.class.getName())
                .or().haveFullyQualifiedName(CodeMap.class.getName())
                .or().haveFullyQualifiedName(Caption.class.getName())
                .or().haveFullyQualifiedName(RunHistory.class.getName())
                .or().haveFullyQualifiedName(QueueGrid.class.getName())
                .or().haveFullyQualifiedName(QueueHits.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("javafx..")
                .check(classes);
    }
}
