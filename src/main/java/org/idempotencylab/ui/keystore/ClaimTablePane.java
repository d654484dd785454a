package org.idempotencylab.ui.keystore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.StackPane;
import org.idempotencylab.store.ClaimStore;
import org.idempotencylab.ui.ClaimTableView;
import org.idempotencylab.ui.Texts;

/**
 * The key store's claim-table section (claimtable.fxml, {@link ClaimTableController}, a {@link ClaimTableViewModel})
 * on its own, as a {@link ClaimTableView} another feature shows without knowing these classes: the Real workers
 * tab's real {@code processed_jobs}, looking exactly as the live run's does. At most
 * {@value PolledTableModel#DEFAULT_LIMIT} rows, {@code in_progress} first, then the newest (a real run's table
 * grows by thousands of rows); the counters count the whole run. {@code App} hands {@code ClaimTablePane::new} to
 * the features as the {@link ClaimTableView.Factory}.
 */
public final class ClaimTablePane implements ClaimTableView {
    private final ClaimTableViewModel model = new ClaimTableViewModel(PolledTableModel.DEFAULT_LIMIT, true);
    private final StackPane node;
    private final ClaimTableController controller;

    /**
     * Loads the section's view, detached (hidden until a store is attached). FX thread.
     *
     * @throws UncheckedIOException if claimtable.fxml does not load (a broken installation)
     */
    public ClaimTablePane() {
        URL fxml = ClaimTablePane.class.getResource("claimtable.fxml");
        if (fxml == null) {
            throw new UncheckedIOException(new IOException("missing resource claimtable.fxml beside "
                    + ClaimTablePane.class.getName()));
        }
        FXMLLoader loader = new FXMLLoader(fxml, Texts.of(KeyStoreTexts.class).bundle());
        Parent root;
        try {
            root = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load the claim table's view (a broken installation?)", e);
        }
        controller = loader.getController();
        controller.bind(model);
        node = new StackPane(root);
        node.getStyleClass().add("keystore-view"); // the key store's look: its counters, its placeholder
        node.setStyle("-fx-padding: 0");
    }

    @Override
    public Node node() {
        return node;
    }

    @Override
    public void attach(ClaimStore store) {
        model.attach(store);
    }

    @Override
    public void read(long nowMs) {
        model.read(nowMs);
    }

    @Override
    public void show(long nowMs) {
        model.show(nowMs);
    }

    @Override
    public String counters() {
        return model.countersProperty().get();
    }

    @Override
    public ReadOnlyDoubleProperty readableWidthProperty() {
        return controller.readableWidthProperty();
    }
}
