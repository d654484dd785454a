package org.idempotencylab.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What the runs table ({@link RunRegistry#TABLE}) holds, for tests. */
public final class LabRuns {
    private LabRuns() {
    }

    /**
     * @param column {@code run_id} or {@code command}
     * @return that column of every registration at {@code url}, in run id order
     */
    public static List<String> column(String url, String column) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + column + " FROM " + RunRegistry.TABLE + " ORDER BY run_id")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }
}
